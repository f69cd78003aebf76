import { describe, expect, it } from "vitest";
import { chooseLanguage, firstLanguageTag } from "./language.js";

describe("informational pages are chosen by Accept-Language", () => {
  it.each([
    [null, "en"],
    ["", "en"],
    ["fr-CH, fr;q=0.9, en;q=0.8", "fr"],
    ["de", "de"],
    ["ja, es;q=0.5", "es"],
    ["en;q=0.1, it;q=0.9", "it"],
    ["pt-BR, ja", "en"],
    ["fr;q=0, de;q=0.5", "de"],
    ["*", "en"],
    ["FR", "fr"],
  ])("%s picks %s", (header, lang) => {
    expect(chooseLanguage(header, "en")).toBe(lang);
  });

  it("falls back to the site default", () => {
    expect(chooseLanguage("ja", "de")).toBe("de");
  });

  it("reports the first tag as sent, for analytics", () => {
    expect(firstLanguageTag("fr-CH, fr;q=0.9")).toBe("fr-CH");
    expect(firstLanguageTag(undefined)).toBeUndefined();
  });
});
