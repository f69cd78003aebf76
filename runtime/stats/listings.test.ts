import { describe, expect, it } from "vitest";
import { facetListing, normalizePrefix, sortKeyOf } from "./listings.js";

describe("stats keys", () => {
  it.each([
    ["an exact slug is its lookup key", "Team/Handbook", false, "team/handbook"],
    ["a case-sensitive site keeps the case", "Team/Handbook", true, "Team/Handbook"],
    ["a splat keeps its /*", "GH/*", false, "gh/*"],
    ["the catch-all splat is *", "*", false, "*"],
    ["letters are NFC", "cafe\u0301", false, "café"],
    ["keys are case-folded, final sigma included", "ΟΔΟΣ", false, "οδοσ"],
  ])("%s", (_rule, slug, caseSensitive, key) => {
    expect(sortKeyOf(slug, caseSensitive)).toBe(key);
  });

  it.each([
    ["a prefix is folded like the keys", "Docs/", false, "docs/"],
    ["leading slashes are dropped", "//docs", false, "docs"],
    ["a case-sensitive site keeps the case", "Docs", true, "Docs"],
    ["NFC", "cafe\u0301", false, "café"],
    ["a prefix is case-folded, not lower-cased", "STRAẞE/ΟΔΟΣ", false, "strasse/οδοσ"],
    ["a space cannot be in a slug", "a b", false, null],
    ["nor a control character", "a\u0007", false, null],
    ["nor a query or fragment", "a?b", false, null],
  ])("%s", (_rule, prefix, caseSensitive, normalized) => {
    expect(normalizePrefix(prefix, caseSensitive)).toBe(normalized);
  });

  it("an owner or tag longer than the index keeps is compared on what it keeps", () => {
    const long = "o".repeat(150);
    expect(facetListing("owner", long)).toBe(facetListing("owner", "o".repeat(100)));
    expect(facetListing("tag", "a b")).toBe("tag:a%20b");
    expect(facetListing("tag", "a b")).not.toContain(" ");
  });

  it("a lone surrogate in an owner or tag is kept as U+FFFD, as a query string would spell it", () => {
    expect(facetListing("owner", "ops\ud800")).toBe(facetListing("owner", "ops\ufffd"));
    expect(facetListing("tag", "\udc00x")).toBe("tag:%EF%BF%BDx");
  });
});
