import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, ISO_COUNTRY_CODES } from "./country-codes.js";

describe("country codes", () => {
  it("the 249 officially assigned ISO 3166-1 alpha-2 codes, each once, in order", () => {
    expect(ISO_COUNTRY_CODES).toHaveLength(249);
    expect(new Set(ISO_COUNTRY_CODES).size).toBe(249);
    expect([...ISO_COUNTRY_CODES].sort()).toEqual(ISO_COUNTRY_CODES);
  });

  it("every ISO code is a region CLDR names (no typo in the table)", () => {
    const names = new Intl.DisplayNames(["en"], { type: "region" });
    const unnamed = ISO_COUNTRY_CODES.filter((code) => names.of(code) === code);
    expect(unnamed).toEqual([]);
  });

  it("Cloudflare's own codes are accepted: XK (Kosovo) and T1 (Tor); XX (unknown) is not a country", () => {
    expect(["XK", "T1"].every((code) => COUNTRY_CODES.has(code))).toBe(true);
    expect(COUNTRY_CODES.has("XX")).toBe(false);
    expect(COUNTRY_CODES.has("UK")).toBe(false);
  });
});
