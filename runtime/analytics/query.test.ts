/**
 * ANALYTICS_QUERY_MODE: one rule for both providers, in the URL and in the event data alike.
 * `campaign` (default) keeps utm_* and the common click ids, `full` everything, `none` nothing;
 * a campaign value is cut to 255 characters in every mode.
 */
import { describe, expect, it } from "vitest";
import { buildAnalyticsRequests, parseAnalyticsConfig, type AnalyticsEnv } from "./index.js";
import { isCampaignParam, selectQuery } from "./query.js";
import { analyticsEnv, visitorRequest } from "../../test/support/analytics-fixtures.js";

const QUERY = "utm_source=mail&token=s3cret&gclid=G1&session=abc&utm_campaign=spring%20sale";

/** What each provider saw of the query: A's url and data, B's querystring and properties. */
function seen(mode: AnalyticsEnv["ANALYTICS_QUERY_MODE"], query = QUERY) {
  const config = parseAnalyticsConfig(
    analyticsEnv("https://collect.example.com", { ANALYTICS_QUERY_MODE: mode }),
  );
  const [a, b] = buildAnalyticsRequests(visitorRequest({ path: `/docs?${query}` }), config, {
    kind: "redirect",
    slug: "docs",
  });
  const { payload } = JSON.parse(a.body);
  const bBody = JSON.parse(b.body);
  return {
    aUrl: payload.url,
    aData: payload.data.query,
    bQuerystring: bBody.querystring,
    bProperties: JSON.parse(bBody.properties).query,
  };
}

describe("ANALYTICS_QUERY_MODE", () => {
  it.each([
    {
      rule: "unset means campaign: utm_* and click ids only, for both providers",
      mode: undefined,
      kept: "utm_source=mail&gclid=G1&utm_campaign=spring+sale",
    },
    {
      rule: "campaign: a token or session id in the query never reaches a provider",
      mode: "campaign",
      kept: "utm_source=mail&gclid=G1&utm_campaign=spring+sale",
    },
    {
      rule: "full: the whole query, for both providers",
      mode: "full",
      kept: "utm_source=mail&token=s3cret&gclid=G1&session=abc&utm_campaign=spring+sale",
    },
    { rule: "none: no query at all", mode: "none", kept: "" },
  ])("$rule", ({ mode, kept }) => {
    expect(seen(mode)).toEqual({
      aUrl: kept ? `/docs?${kept}` : "/docs",
      aData: kept || undefined,
      bQuerystring: kept ? `?${kept}` : "",
      bProperties: kept || undefined,
    });
  });

  it("the mode's name ignores case", () => {
    expect(seen("NONE").aUrl).toBe("/docs");
  });

  it("SL705: an unknown mode turns analytics off rather than send more than asked", () => {
    const config = parseAnalyticsConfig(
      analyticsEnv("https://collect.example.com", { ANALYTICS_QUERY_MODE: "some" }),
    );
    expect(config.provider_a).toBeUndefined();
    expect(config.provider_b).toBeUndefined();
    expect(config.problems).toEqual([
      "SL705 ANALYTICS_QUERY_MODE: expected one of campaign, full, none; analytics is off",
    ]);
  });

  it.each(["campaign", "full"] as const)(
    "%s: a campaign value or click id is cut to 255 characters, other values are not",
    (mode) => {
      const long = "é".repeat(300);
      const params = new URLSearchParams({ utm_term: long, fbclid: long, note: long });
      const out = new URLSearchParams(selectQuery(params, mode));
      expect(out.get("utm_term")).toBe("é".repeat(255));
      expect(out.get("fbclid")).toBe("é".repeat(255));
      expect(out.get("note")).toBe(mode === "full" ? long : null);
    },
  );

  it.each([
    ["utm_source", true],
    ["utm_anything", true],
    ["UTM_Medium", true],
    ["gclid", true],
    ["li_fat_id", true],
    ["ref", false],
    ["token", false],
    ["utm", false],
  ])("campaign parameter %s: %s", (key, expected) => {
    expect(isCampaignParam(key)).toBe(expected);
  });
});
