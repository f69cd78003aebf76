import { describe, expect, it } from "vitest";
import { edgeFactsOf, Facts } from "./facts.js";

describe("request.cf as routes read it", () => {
  it("country, continent, region (country and regionCode), asn and timezone", () => {
    expect(
      edgeFactsOf({
        country: "us",
        continent: "NA",
        regionCode: "TX",
        asn: 7018,
        timezone: "America/Chicago",
        colo: "DFW",
      }),
    ).toEqual({
      country: "US",
      continent: "NA",
      region: "US-TX",
      asn: 7018,
      timezone: "America/Chicago",
    });
  });

  it.each([
    [
      "XX, Cloudflare's unknown country, is no country (nor region)",
      { country: "XX", regionCode: "TX" },
    ],
    ["AS0, reserved, is no network", { asn: 0 }],
    ["a region code without a country is no region", { regionCode: "TX" }],
    ["no cf at all", undefined],
    ["empty strings", { country: "", timezone: "" }],
  ])("missing facts: %s", (_name, cf) => {
    expect(edgeFactsOf(cf)).toEqual({});
  });

  it("each derived fact is read once, and only when asked", () => {
    let reads = 0;
    const facts = new Facts(
      {
        get userAgent() {
          reads++;
          return "curl/8.5.0";
        },
      },
      new URL("https://x.example/a"),
      new Date(0),
    );
    expect(reads).toBe(0);
    facts.agent();
    facts.agent();
    expect(reads).toBe(1);
  });

  it("the split draw: the request's own, or 0 (the first variant) when none is given or it is out of range", () => {
    const at = (draw?: () => number) =>
      new Facts({ draw }, new URL("https://x.example/"), new Date(0));
    expect(at(() => 0.42).draw()).toBe(0.42);
    expect(at().draw()).toBe(0);
    expect(at(() => 1).draw()).toBe(0);
    expect(at().drawGiven).toBe(false);
  });
});
