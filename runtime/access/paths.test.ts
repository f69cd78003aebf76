import { describe, expect, it } from "vitest";
import { normalizePath } from "../normalize.js";
import { LANGUAGES } from "../contract/index.js";
import { isProtectedPath } from "./paths.js";

/** What the worker does: normalise the raw path, then ask about `"/" + key`. */
function protectedFor(rawPath: string, caseSensitive = false) {
  const normalized = normalizePath(rawPath, caseSensitive);
  if (!normalized.ok)
    throw new Error(`${rawPath} is refused by the normaliser: ${normalized.reason}`);
  return isProtectedPath("/" + normalized.key, LANGUAGES);
}

describe("protected paths: stats and tests, every language, every spelling the normaliser accepts", () => {
  it.each([
    ["/_stats", "stats", "en", ""],
    ["/_stats/", "stats", "en", ""],
    ["/_tests", "tests", "en", ""],
    ["/_stats/api/links.json", "stats", "en", "api/links.json"],
    ["/en/_stats", "stats", "en", ""],
    ["/en/_stats/", "stats", "en", ""],
    ["//EN/_Stats/", "stats", "en", ""],
    ["/en/%5Fstats/", "stats", "en", ""],
    ["/%65n/%5F%73tats", "stats", "en", ""],
    ["/en//_stats//api//links.json", "stats", "en", "api/links.json"],
    ["/en/_stats/api/links.json", "stats", "en", "api/links.json"],
    ["/de/_STATS/API/LINKS.JSON", "stats", "de", "api/links.json"],
    ["/fr/_stats/", "stats", "fr", ""],
    ["/es/_stats/anything/below", "stats", "es", "anything/below"],
    ["/it/_tests", "tests", "it", ""],
    ["/fr/_tests/x", "tests", "fr", "x"],
    ["/FR/_TESTS/", "tests", "fr", ""],
    ["/en/_tests/%41", "tests", "en", "a"],
    ["/_%C5%BFtats", "stats", "en", ""],
    ["/de/_%C5%BFTAT%C5%BF/x", "stats", "de", "x"],
  ])("protected: %s", (rawPath, area, lang, rest) => {
    expect(protectedFor(rawPath)).toEqual({ area, lang, rest });
  });

  it.each([["/EN/_Stats/"], ["/Fr/_Tests/x"]])(
    "protected even when the site matches case-sensitively: %s",
    (rawPath) => {
      expect(protectedFor(rawPath, true)).not.toBeNull();
    },
  );

  it.each([
    ["/"],
    ["/en"],
    ["/stats"],
    ["/en/stats"],
    ["/en/_statsx"],
    ["/en/_stat"],
    ["/en/x/_stats"],
    ["/xx/_stats"],
    ["/lookup"],
    ["/_analytics/lookup"],
    ["/docs/_tests"],
  ])("not protected: %s", (rawPath) => {
    expect(protectedFor(rawPath)).toBeNull();
  });

  it.each([
    ["/en/_stats", ["en"], { area: "stats", lang: "en", rest: "" }],
    ["/de/_stats", ["en", "fr"], null],
    ["/constructor/_stats", [], null],
  ])("languages come from the caller: %s with %j", (path, languages, expected) => {
    expect(isProtectedPath(path, languages)).toEqual(expected);
  });
});
