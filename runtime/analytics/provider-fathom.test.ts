/**
 * Fathom, as vanityURLs sends it: `GET {FATHOM_ENDPOINT}?h=&p=&r=&sid=&qs=&cid=` for a pageview,
 * plus `name` and `payload` for every other event, the visitor's User-Agent (a bot's replaced),
 * no IP. Behind the same configuration rules, query mode, limits and background dispatch as
 * providers A and B; a mock collector on 127.0.0.1 receives what the worker sends.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startCollector, type Collector } from "../../test/support/collector.js";
import {
  analyticsEnv,
  fakeContext,
  GOOGLEBOT_UA,
  visitorRequest,
} from "../../test/support/analytics-fixtures.js";
import {
  analyticsCounters,
  buildAnalyticsRequests,
  parseAnalyticsConfig,
  resetAnalyticsCounters,
  sendAnalytics,
  type EventFacts,
} from "./index.js";
import { FATHOM_BOT_UA, MAX_FATHOM_PAYLOAD } from "./provider-fathom.js";
import type { AnalyticsEnv } from "./types.js";

const FATHOM: AnalyticsEnv = { ANALYTICS_PROVIDER: "fathom", FATHOM_SITE_ID: "ABCDEFGH" };
const REDIRECT: EventFacts = {
  kind: "redirect",
  slug: "docs",
  target_host: "docs.example.com",
  effective_state: "active",
  redirect_status: 302,
};

function only(env: AnalyticsEnv) {
  const config = parseAnalyticsConfig(env);
  return { config, providers: ["provider_a", "provider_b", "fathom"].filter((p) => p in config) };
}

describe("ANALYTICS_PROVIDER takes fathom alone or added to the four values", () => {
  it.each([
    ["fathom", ["fathom"]],
    ["provider_a,fathom", ["provider_a", "fathom"]],
    ["fathom, provider_b", ["provider_b", "fathom"]],
    ["provider_a,provider_b,fathom", ["provider_a", "provider_b", "fathom"]],
    ["FATHOM", ["fathom"]],
  ])("%s enables %j", (value, providers) => {
    const { config, providers: enabled } = only(
      analyticsEnv("https://collect.example.com", { ...FATHOM, ANALYTICS_PROVIDER: value }),
    );
    expect(config.problems).toEqual([]);
    expect(enabled).toEqual(providers);
  });

  it("the four values of the specification are unchanged: none of them enables Fathom", () => {
    for (const value of ["disabled", "provider_a", "provider_b", "provider_a,provider_b"])
      expect("fathom" in parseAnalyticsConfig({ ...FATHOM, ANALYTICS_PROVIDER: value })).toBe(
        false,
      );
  });

  it("SL701: fathom twice, or beside an unknown name, turns analytics off", () => {
    for (const value of ["fathom,fathom", "fathom,plausible"]) {
      const config = parseAnalyticsConfig({ ...FATHOM, ANALYTICS_PROVIDER: value });
      expect(config.problems.map((p) => p.slice(0, 5))).toEqual(["SL701"]);
      expect("fathom" in config).toBe(false);
    }
  });
});

describe("Fathom's variables are checked like the others'; a bad one disables Fathom only", () => {
  it.each<[string, AnalyticsEnv, string]>([
    ["SL710 FATHOM_SITE_ID missing", { FATHOM_SITE_ID: undefined }, "SL710 FATHOM_SITE_ID"],
    [
      "SL710 FATHOM_SITE_ID not letters and digits",
      { FATHOM_SITE_ID: "AB CD" },
      "SL710 FATHOM_SITE_ID",
    ],
    [
      "SL711 FATHOM_ENDPOINT over http",
      { FATHOM_ENDPOINT: "http://cdn.example.com/" },
      "SL711 FATHOM_ENDPOINT",
    ],
    [
      "SL711 FATHOM_ENDPOINT with credentials",
      { FATHOM_ENDPOINT: "https://u:p@cdn.example.com/" },
      "SL711 FATHOM_ENDPOINT",
    ],
    ["SL712 FATHOM_BOT_MODE unknown", { FATHOM_BOT_MODE: "hide" }, "SL712 FATHOM_BOT_MODE"],
  ])("%s", (_rule, overrides, problem) => {
    const config = parseAnalyticsConfig(
      analyticsEnv("https://collect.example.com", {
        ...FATHOM,
        ANALYTICS_PROVIDER: "provider_a,fathom",
        ...overrides,
      }),
    );
    expect(config.problems.map((p) => p.split(":")[0])).toEqual([problem]);
    expect(config.problems[0]).not.toContain("AB CD");
    expect("fathom" in config).toBe(false);
    expect(config.provider_a).toBeDefined();
  });

  it("defaults: vanityURLs' endpoint https://cdn.usefathom.com/, bots normalized", () => {
    expect(parseAnalyticsConfig(FATHOM).fathom).toEqual({
      endpoint: "https://cdn.usefathom.com/",
      siteId: "ABCDEFGH",
      botMode: "normalize",
    });
  });
});

describe("what Fathom receives", () => {
  const build = (
    facts: EventFacts,
    env: AnalyticsEnv = FATHOM,
    path = "/docs?utm_source=mail&token=secret",
  ) => buildAnalyticsRequests(visitorRequest({ path }), parseAnalyticsConfig(env), facts)[0];
  const params = (url: string) => Object.fromEntries(new URL(url).searchParams);

  it("a pageview: GET with h, p, r, sid, qs (campaign parameters only) and a cache-busting cid", () => {
    const request = build({ kind: "pageview", title: "Docs" });
    expect(request).toMatchObject({
      provider: "fathom",
      event: "pageview",
      method: "GET",
      body: "",
    });
    const { cid, ...rest } = params(request.url);
    expect(rest).toEqual({
      h: "https://go.example.org",
      p: "/docs",
      r: "https://news.example.net/post/1",
      sid: "ABCDEFGH",
      qs: JSON.stringify({ utm_source: "mail" }),
    });
    expect(cid).toMatch(/^[1-9]\d{0,8}$/);
    expect(request.url.startsWith("https://cdn.usefathom.com/?")).toBe(true);
    expect(request.headers["user-agent"]).toContain("Chrome/125");
  });

  it("another event: named, with the shared event data as payload; no IP is sent anywhere", () => {
    const request = build(REDIRECT);
    const sent = params(request.url);
    expect(sent.name).toBe("redirect");
    expect(JSON.parse(sent.payload)).toMatchObject({
      type: "redirect",
      slug: "docs",
      target_host: "docs.example.com",
      redirect_status: 302,
    });
    expect(request.url + JSON.stringify(request.headers)).not.toContain("203.0.113");
  });

  it("a bot: named bot with the worker's own User-Agent, or as itself with FATHOM_BOT_MODE=original", () => {
    const bot = (env: AnalyticsEnv) =>
      buildAnalyticsRequests(
        visitorRequest({ headers: { "user-agent": GOOGLEBOT_UA } }),
        parseAnalyticsConfig(env),
        REDIRECT,
      )[0];
    expect(params(bot(FATHOM).url).name).toBe("bot");
    expect(bot(FATHOM).headers["user-agent"]).toBe(FATHOM_BOT_UA);
    expect(params(bot({ ...FATHOM, FATHOM_BOT_MODE: "original" }).url).name).toBe("redirect");
  });

  it("ANALYTICS_QUERY_MODE rules qs as it rules A and B: none sends {}, full sends every parameter", () => {
    expect(params(build(REDIRECT, { ...FATHOM, ANALYTICS_QUERY_MODE: "none" }).url).qs).toBe("{}");
    expect(
      JSON.parse(params(build(REDIRECT, { ...FATHOM, ANALYTICS_QUERY_MODE: "full" }).url).qs),
    ).toEqual({
      utm_source: "mail",
      token: "secret",
    });
  });

  it("limits: a long path and referrer are cut, the payload kept under its limit by dropping the last keys", () => {
    const long = "/" + "p".repeat(5000) + "?utm_campaign=" + "c".repeat(5000);
    const request = build(
      { ...REDIRECT, slug: "s".repeat(5000) },
      { ...FATHOM, ANALYTICS_QUERY_MODE: "full" },
      long,
    );
    const sent = params(request.url);
    expect(sent.p.length).toBeLessThanOrEqual(2048);
    expect(sent.payload.length).toBeLessThanOrEqual(MAX_FATHOM_PAYLOAD);
    expect(request.url.length).toBeLessThan(16_384);
  });
});

describe("delivery to a collector on 127.0.0.1, in the background", () => {
  let collector: Collector;
  beforeAll(async () => {
    collector = await startCollector();
  });
  afterAll(() => collector.close());
  beforeEach(() => resetAnalyticsCounters());
  afterEach(() => vi.restoreAllMocks());

  it("sendAnalytics returns at once; the GET reaches the collector and is counted as sent", async () => {
    const ctx = fakeContext();
    sendAnalytics(
      visitorRequest({ path: "/docs?utm_medium=social" }),
      { ...FATHOM, FATHOM_ENDPOINT: `${collector.url}/` },
      ctx,
      REDIRECT,
    );
    expect(collector.received).toHaveLength(0);
    await Promise.all(ctx.promises);
    const [received] = await collector.waitFor(1);
    expect(received.method).toBe("GET");
    const url = new URL(received.path, collector.url);
    expect(url.searchParams.get("sid")).toBe("ABCDEFGH");
    expect(url.searchParams.get("name")).toBe("redirect");
    expect(url.searchParams.get("qs")).toBe(JSON.stringify({ utm_medium: "social" }));
    expect(analyticsCounters().fathom.sent).toBe(1);
  });
});
