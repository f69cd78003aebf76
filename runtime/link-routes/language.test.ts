import { describe, expect, it } from "vitest";
import { rankedLanguageTags } from "../language.js";
import { coversTag, visitorLanguage } from "./language.js";

describe("language: a value covers itself and its subtags", () => {
  it.each([
    ["fr", "fr", true],
    ["fr", "fr-ch", true],
    ["fr", "fro", false],
    ["pt-br", "pt", false],
    ["pt-br", "pt-br", true],
    ["zh-hant", "zh-hant-tw", true],
    ["zh", "zh-hant-tw", true],
    ["en", "en-", true],
  ])("%s covers %s: %s", (value, tag, covers) => {
    expect(coversTag(value, tag)).toBe(covers);
  });
});

describe("language: the visitor's preference decides, not the order of the routes", () => {
  const link = ["en", "fr"];
  it.each([
    ["en;q=0.9, fr", "fr"],
    ["es, fr;q=0.5", "fr"],
    ["fr-CH, en;q=0.5", "fr-ch"],
    ["FR", "fr"],
    ["en, fr", "en"],
    ["fr;q=0, en;q=0.1", "en"],
    ["de, *", null],
    ["", null],
  ])("Accept-Language %j: the visitor's language is %s", (header, tag) => {
    expect(visitorLanguage(rankedLanguageTags(header), link)).toBe(tag);
  });

  it("ties keep the header's order, whatever the order of the link's values", () => {
    expect(visitorLanguage(rankedLanguageTags("fr;q=0.5, en;q=0.5"), ["en", "fr"])).toBe("fr");
  });
});
