import { describe, expect, it } from "vitest";
import { CASE_POLICY, SPLAT_CASES } from "../../test/cases/targets.js";
import {
  checkTarget,
  expandSplat,
  expandTarget,
  splatTemplateProblem,
  templateProblem,
} from "./index.js";

describe("rule 11: splat values", () => {
  it.each(SPLAT_CASES.map((c) => [JSON.stringify(c.remainder), c.target, c] as const))(
    "rule 11: remainder %s into %s gives the expected final verdict",
    (_, __, c) => {
      const expanded = expandSplat(c.target, c.remainder);
      const verdict = expanded.ok ? checkTarget(expanded.url, CASE_POLICY) : expanded;
      expect(verdict.ok ? { url: verdict.url } : { rule: verdict.rule }).toEqual(c.expect);
    },
  );

  it.each([
    ["https://example.com/:splat", null],
    ["https://example.com/a?x=:splat", null],
    ["https://example.com/#:splat", null],
    ["https://example.com/no-placeholder", null],
    ["https://:splat/", "host"],
    ["https://:splat.example.com/", "host"],
    ["https://example.com:splat/", "host"],
    ["https://u::splat@example.com/", "host"],
    [":splat", "host"],
  ])("rule 11: the placeholder in %s is judged (%s)", (target, problem) => {
    const found = splatTemplateProblem(target);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });
});

describe("rule 11: placeholder values", () => {
  const fill = (target: string, params: Record<string, string>, splat?: string[]) =>
    expandTarget(target, { params, splat, append: true });

  it.each([
    ["https://e.com/u/:id", { id: "a/b" }, "https://e.com/u/a%2Fb"],
    ["https://e.com/u/:id", { id: "a?b#c" }, "https://e.com/u/a%3Fb%23c"],
    ["https://e.com/s?q=:id", { id: "a&b=c" }, "https://e.com/s?q=a%26b%3Dc"],
    ["https://e.com/s#:id", { id: "x y" }, "https://e.com/s#x%20y"],
    ["https://e.com/:a/:ab/:b", { a: "1", ab: "2", b: "3" }, "https://e.com/1/2/3"],
    ["https://e.com/:idx", { id: "1" }, "https://e.com/:idx"],
  ])("%s with %o is %s", (target, params, url) => {
    expect(fill(target, params)).toEqual({ ok: true, url });
  });

  it("a placeholder link with a splat fills both", () => {
    expect(fill("https://e.com/:lang/:splat", { lang: "en" }, ["a", "b c"])).toEqual({
      ok: true,
      url: "https://e.com/en/a/b%20c",
    });
  });

  it.each([
    [{ id: ".." }, "dot segment"],
    [{ id: "a\u0000" }, "control"],
    [{ id: "a\u202eb" }, "control"],
  ])("a value %o is refused (%s)", (params, why) => {
    const result = fill("https://e.com/u/:id", params);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect([result.rule, result.message]).toEqual([11, expect.stringContaining(why)]);
  });

  it("a captured placeholder in the host is refused; an uncaptured one is not judged here", () => {
    expect(templateProblem("https://:sub.example.com/", ["sub"])).toContain("host");
    expect(templateProblem("https://:sub.example.com/", [])).toBeNull();
  });
});
