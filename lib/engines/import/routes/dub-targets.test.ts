// Dub's targets as routes, in Dub's order: expired URL, iOS, Android, country, A/B test.
import { describe, expect, it } from "vitest";
import { dubRoutes } from "./dub-targets.js";

const context = { file: "d.json", line: 7, link: 'link "x"' };

describe("Dub targets -> routes", () => {
  it("every kind at once comes in Dub's order", () => {
    const { routes, schedule } = dubRoutes(
      {
        expiresAt: "2030-01-01T00:00:00.000Z",
        expiredUrl: "https://e.example/over",
        ios: "https://e.example/ios",
        android: "https://e.example/android",
        geo: { fr: "https://e.example/fr", BE: "https://e.example/fr", DE: "https://e.example/de" },
        testVariants: [
          { url: "https://e.example/a", percentage: 50 },
          { url: "https://e.example/b", percentage: 50 },
        ],
        testCompletedAt: "2029-01-01T00:00:00.000Z",
      },
      context,
    );
    expect(schedule).toBeUndefined();
    expect(routes.map((r) => r.when)).toEqual([
      { after: "2030-01-01T00:00:00Z" },
      { device: ["ios", "ipados"] },
      { device: ["android"] },
      { country: ["FR", "BE"] },
      { country: ["DE"] },
      { before: "2029-01-01T00:00:00Z" },
    ]);
  });

  it("an expiry without an expired URL is a schedule; nothing else gives no routes", () => {
    const { routes, schedule } = dubRoutes({ expiresAt: "2030-01-01T00:00:00Z" }, context);
    expect(routes).toEqual([]);
    expect(schedule).toEqual({ label: "expires", end: "2030-01-01T00:00:00Z" });
  });

  it("a country no visitor has and an A/B test without an end are named, not imported", () => {
    const { routes, diagnostics } = dubRoutes(
      {
        geo: { UK: "https://e.example/uk" },
        testVariants: [{ url: "https://e.example/a", percentage: 50 }],
      },
      context,
    );
    expect(routes).toEqual([]);
    expect(diagnostics.map((d) => [d.code, d.line])).toEqual([
      ["SL377", 7],
      ["SL377", 7],
    ]);
  });
});
