import { describe, expect, it } from "vitest";
import { CASE_POLICY, SPLAT_CASES } from "../../test/cases/targets.js";
import { checkTarget, expandSplat, splatTemplateProblem } from "./index.js";

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
