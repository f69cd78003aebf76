import { describe, expect, it } from "vitest";
import type { PlaceholderEntry } from "./contract/index.js";
import {
  compilePlaceholders,
  matchPlaceholders,
  meetsRule,
  placeholderKeyOf,
  type MatchPath,
} from "./placeholders.js";

const path = (p: string, strict = false): MatchPath => {
  const trailingSlash = strict && p.length > 1 && p.endsWith("/");
  const values = p.split("/").filter((s) => s !== "");
  return { keys: values.map((v) => v.toLowerCase()), values, trailingSlash, strict };
};
const match = (entries: PlaceholderEntry[], p: string, strict = false) =>
  matchPlaceholders(compilePlaceholders(entries), path(p, strict));

describe("placeholder keys", () => {
  it.each([
    ["issue/:id", false, "issue/:id"],
    ["Issue/:ID", false, "issue/:ID"],
    ["Issue/:ID", true, "Issue/:ID"],
    [":lang/Docs/*", false, ":lang/docs/*"],
    ["x/:y/", false, "x/:y/"],
    ["cafe\u0301/:x", false, "caf\u00e9/:x"],
  ])("%s (case-sensitive %s) is keyed %s", (slug, caseSensitive, key) => {
    expect(placeholderKeyOf(slug, caseSensitive)).toBe(key);
  });

  it.each(["docs", "gh/*", "a:b/c", "*"])("%s has no placeholder", (slug) => {
    expect(placeholderKeyOf(slug, false)).toBeNull();
  });
});

describe("placeholder matching", () => {
  it("a placeholder matches exactly one non-empty segment", () => {
    const entries: PlaceholderEntry[] = [["issue/:id"]];
    expect(match(entries, "/issue/123")).toEqual({
      key: "issue/:id",
      params: { id: "123" },
      depth: 2,
    });
    expect(match(entries, "/issue")).toBeUndefined();
    expect(match(entries, "/issue/1/2")).toBeUndefined();
  });

  it("values keep the visitor's case; literals match as keys do", () => {
    expect(match([["pkg/:name"]], "/PKG/Net")?.params).toEqual({ name: "Net" });
  });

  it("more literal segments win, whatever the order", () => {
    const entries: PlaceholderEntry[] = [[":a/:b"], ["x/:b"], [":a/y"], ["x/y/:c"]];
    expect(match(entries, "/x/z")?.key).toBe("x/:b");
    expect(match(entries, "/z/y")?.key).toBe(":a/y");
    expect(match(entries, "/z/z")?.key).toBe(":a/:b");
  });

  it("a constrained placeholder wins over a free one; a failed rule goes on to the next", () => {
    const entries: PlaceholderEntry[] = [["issue/:name"], ["issue/:id", { id: { digits: true } }]];
    expect(match(entries, "/issue/12")?.key).toBe("issue/:id");
    expect(match(entries, "/issue/ab")?.key).toBe("issue/:name");
  });

  it("a pattern without a splat wins over one with a splat of equal literals", () => {
    const entries: PlaceholderEntry[] = [[":lang/*"], [":lang/:page"]];
    expect(match(entries, "/en/intro")?.key).toBe(":lang/:page");
    expect(match(entries, "/en/a/b")).toMatchObject({ key: ":lang/*", depth: 1 });
  });

  it("a splat tail answers its prefix too, unless trailing slashes are strict", () => {
    expect(match([[":lang/docs/*"]], "/en/docs")?.depth).toBe(2);
    expect(match([[":lang/docs/*"]], "/en/docs", true)).toBeUndefined();
    expect(match([[":lang/docs/*"]], "/en/docs/", true)?.depth).toBe(2);
  });

  it("with strict trailing slashes, /x and /x/ match different patterns", () => {
    const entries: PlaceholderEntry[] = [["a/:x"], ["a/:x/"]];
    expect(match(entries, "/a/1", true)?.key).toBe("a/:x");
    expect(match(entries, "/a/1/", true)?.key).toBe("a/:x/");
    expect(match([["a/:x"]], "/a/1/", false)?.key).toBe("a/:x");
  });
});

describe("params rules", () => {
  it.each([
    ["123", {}, true],
    ["0042", { min: 42, max: 42 }, true],
    ["41", { min: 42 }, false],
    ["3999999", { max: 3999999 }, true],
    ["4000000", { max: 3999999 }, false],
    ["99999999999999999999999", { max: 3999999 }, false],
    ["12a", {}, false],
    ["", {}, false],
    ["\u0661\u0662", {}, false],
  ])("%s against %o: %s", (value, bounds, ok) => {
    expect(meetsRule(value, { digits: true, ...bounds })).toBe(ok);
  });
});
