/** The configuration variables, exactly as the specification names them; bad values disable their provider. */
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { loadAnalyticsConfig, parseAnalyticsConfig } from "./config.js";
import { analyticsEnv, SITE_ID, WEBSITE_ID } from "../../test/support/analytics-fixtures.js";
import type { AnalyticsEnv } from "./types.js";

const BASE = analyticsEnv("https://collect.example.com");
const A = {
  endpoint: "https://collect.example.com/api/send",
  website: WEBSITE_ID,
  ipMode: "truncated",
  botMode: "normalize",
};
const B = {
  endpoint: "https://collect.example.com/api/track",
  siteId: SITE_ID,
  botMode: "normalize",
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("parseAnalyticsConfig", () => {
  it.each<{ rule: string; env: AnalyticsEnv; a: boolean; b: boolean; problem?: string }>([
    {
      rule: "ANALYTICS_PROVIDER unset: analytics off",
      env: { ANALYTICS_PROVIDER: undefined },
      a: false,
      b: false,
    },
    {
      rule: "ANALYTICS_PROVIDER=disabled: analytics off",
      env: { ANALYTICS_PROVIDER: "disabled" },
      a: false,
      b: false,
    },
    {
      rule: "ANALYTICS_PROVIDER=provider_a: only A",
      env: { ANALYTICS_PROVIDER: "provider_a" },
      a: true,
      b: false,
    },
    {
      rule: "ANALYTICS_PROVIDER=provider_b: only B",
      env: { ANALYTICS_PROVIDER: "provider_b" },
      a: false,
      b: true,
    },
    { rule: "ANALYTICS_PROVIDER=provider_a,provider_b: both", env: {}, a: true, b: true },
    {
      rule: "SL701 unknown provider name: analytics off",
      env: { ANALYTICS_PROVIDER: "umami" },
      a: false,
      b: false,
      problem: "SL701 ANALYTICS_PROVIDER",
    },
    {
      rule: "SL701 provider named twice",
      env: { ANALYTICS_PROVIDER: "provider_a,provider_a" },
      a: false,
      b: false,
      problem: "SL701",
    },
    {
      rule: "SL702 endpoint missing disables A only",
      env: { PROVIDER_A_ENDPOINT: undefined },
      a: false,
      b: true,
      problem: "SL702 PROVIDER_A_ENDPOINT",
    },
    {
      rule: "SL702 plain http endpoint off localhost",
      env: { PROVIDER_B_ENDPOINT: "http://collect.example.com/api/track" },
      a: true,
      b: false,
      problem: "SL702 PROVIDER_B_ENDPOINT",
    },
    {
      rule: "SL702 endpoint with credentials",
      env: { PROVIDER_A_ENDPOINT: "https://u:p@collect.example.com/api/send" },
      a: false,
      b: true,
      problem: "SL702",
    },
    {
      rule: "SL703 website ID is not a UUID",
      env: { PROVIDER_A_WEBSITE_ID: "my-site" },
      a: false,
      b: true,
      problem: "SL703 PROVIDER_A_WEBSITE_ID",
    },
    {
      rule: "SL703 site ID missing",
      env: { PROVIDER_B_SITE_ID: "" },
      a: true,
      b: false,
      problem: "SL703 PROVIDER_B_SITE_ID",
    },
    {
      rule: "SL704 unknown IP mode disables A",
      env: { PROVIDER_A_GEO_IP_MODE: "half" },
      a: false,
      b: true,
      problem: "SL704 PROVIDER_A_GEO_IP_MODE",
    },
    {
      rule: "SL704 unknown bot mode disables B",
      env: { PROVIDER_B_BOT_MODE: "drop" },
      a: true,
      b: false,
      problem: "SL704 PROVIDER_B_BOT_MODE",
    },
  ])("$rule", ({ env, a, b, problem }) => {
    const config = parseAnalyticsConfig({ ...BASE, ...env });
    expect(config.provider_a !== undefined).toBe(a);
    expect(config.provider_b !== undefined).toBe(b);
    if (problem) expect(config.problems.join("\n")).toContain(problem);
    else expect(config.problems).toEqual([]);
  });

  it("defaults: IP mode truncated, bot mode normalize, query mode campaign, no collection key", () => {
    expect(parseAnalyticsConfig(BASE)).toEqual({
      provider_a: A,
      provider_b: B,
      queryMode: "campaign",
      problems: [],
    });
  });

  it.each([
    ["PROVIDER_A_GEO_IP_MODE", "FULL", { provider_a: { ...A, ipMode: "full" } }],
    ["PROVIDER_A_GEO_IP_MODE", "none", { provider_a: { ...A, ipMode: "none" } }],
    ["PROVIDER_A_BOT_MODE", "original", { provider_a: { ...A, botMode: "original" } }],
    ["PROVIDER_B_BOT_MODE", "normalise", { provider_b: { ...B, botMode: "normalize" } }],
  ])("%s=%s is accepted", (name, value, expected) => {
    expect(parseAnalyticsConfig({ ...BASE, [name]: value })).toMatchObject(expected);
  });

  it("http endpoints are allowed on localhost (local collectors and tests)", () => {
    expect(
      parseAnalyticsConfig({ ...BASE, PROVIDER_A_ENDPOINT: "http://127.0.0.1:3000/api/send" })
        .provider_a?.endpoint,
    ).toBe("http://127.0.0.1:3000/api/send");
  });

  it("problems never echo the value (it may be a secret)", () => {
    const config = parseAnalyticsConfig({ ...BASE, PROVIDER_A_WEBSITE_ID: "secret-value-123" });
    expect(config.problems.join("\n")).not.toContain("secret-value-123");
  });
});

describe("PROVIDER_A_WEBSITE_ID is checked like Umami's z.uuid()", () => {
  const accepted = (id: string) =>
    parseAnalyticsConfig({ ...BASE, PROVIDER_A_WEBSITE_ID: id }).provider_a !== undefined;
  const umami = (id: string) => z.uuid().safeParse(id).success;

  it.each([
    ["a version 4 UUID", "6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b", true],
    ["upper case", "6F1C2A34-5B6D-4E7F-8A9B-0C1D2E3F4A5B", true],
    ["a version 7 UUID", "01890a5d-ac96-774b-bcce-b302099a8057", true],
    ["version 0", "6f1c2a34-5b6d-0e7f-8a9b-0c1d2e3f4a5b", false],
    ["version 9", "6f1c2a34-5b6d-9e7f-8a9b-0c1d2e3f4a5b", false],
    ["the Microsoft variant (c)", "6f1c2a34-5b6d-4e7f-ca9b-0c1d2e3f4a5b", false],
    ["the NCS variant (0)", "6f1c2a34-5b6d-4e7f-0a9b-0c1d2e3f4a5b", false],
    ["the nil UUID (never a website)", "00000000-0000-0000-0000-000000000000", false],
    ["no dashes", "6f1c2a345b6d4e7f8a9b0c1d2e3f4a5b", false],
  ])("%s: %s -> %s", (_what, id, expected) => {
    expect(accepted(id)).toBe(expected);
    if (expected) expect(umami(id)).toBe(true);
  });

  it("property: every ID accepted here is accepted by Umami, and every UUID Umami generates is accepted", () => {
    const hex = fc.constantFrom(..."0123456789abcdefABCDEF-89".split(""));
    fc.assert(
      fc.property(
        fc.oneof(fc.uuid(), fc.string({ unit: hex, minLength: 36, maxLength: 36 })),
        (id) => {
          if (accepted(id)) expect(umami(id)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.uuid({ version: 4 }), (id) => {
        expect(accepted(id)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe("loadAnalyticsConfig", () => {
  it("parses once per isolate and warns once per problem, however many events follow", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const env = { ...BASE, PROVIDER_B_BOT_MODE: "bogus" };
    const first = loadAnalyticsConfig(env);
    for (let i = 0; i < 5; i++) expect(loadAnalyticsConfig({ ...env })).toBe(first);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain("SL704 PROVIDER_B_BOT_MODE");
  });
});
