import { describe, expect, it } from "vitest";
import { ruleRegExp, sourceMatcher } from "./source-matcher.js";
import type { SourceRule } from "./types.js";

const rule = (line: number, from: string, isStatic: boolean): SourceRule => ({
  line,
  from,
  static: isStatic,
  active: true,
});

describe("the source platform's matcher (reference for the order check)", () => {
  it.each([
    ["/x/*", "/x/", true],
    ["/x/*", "/x/a/b", true],
    ["/x/*", "/x", false],
    ["/p/:id", "/p/1", true],
    ["/p/:id", "/p/", false],
    ["/p/:id", "/p/1/2", false],
    ["/Docs", "/docs", false],
    ["/a.b", "/aXb", false],
  ])("%s against %s: %s", (from, path, matches) => {
    expect(ruleRegExp(from)!.test(path)).toBe(matches);
  });

  it("two * never match (the platform's regexp has the group twice)", () => {
    expect(ruleRegExp("/a/*/*")).toBeUndefined();
  });

  it("Cloudflare: static rules before the first dynamic line first, then first match", () => {
    const rules = [rule(1, "/blog/*", false), rule(2, "/blog/x", false), rule(3, "/x", false)];
    const cf = sourceMatcher([rule(0, "/blog/y", true), ...rules], "cloudflare");
    expect(cf("/blog/x")?.line).toBe(1);
    expect(cf("/blog/y")?.line).toBe(0);
    expect(sourceMatcher(rules, "netlify")("/blog/x")?.line).toBe(1);
  });

  it("an inactive rule (past the platform's limits) never answers", () => {
    expect(
      sourceMatcher([{ ...rule(1, "/a", true), active: false }], "cloudflare")("/a"),
    ).toBeUndefined();
  });
});
