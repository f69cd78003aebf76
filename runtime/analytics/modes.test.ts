/**
 * PROVIDER_A_GEO_IP_MODE and *_BOT_MODE, checked on the JSON a real local collector receives.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { collectFrom, startCollector, type Collector } from "../../test/support/collector.js";
import { sendAnalytics, type AnalyticsEnv, type EventFacts } from "./index.js";
import { PROVIDER_A_FALLBACK_UA } from "./provider-a.js";
import { PROVIDER_B_BOT_UA } from "./provider-b.js";
import {
  analyticsEnv,
  CF_RAY,
  GOOGLEBOT_UA,
  SITE_ID,
  visitorRequest,
  WEBSITE_ID,
} from "../../test/support/analytics-fixtures.js";

let collector: Collector;
beforeAll(async () => {
  collector = await startCollector();
});
afterAll(() => collector.close());
afterEach(() => {
  vi.restoreAllMocks();
});
beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

async function send(request: Request, facts: EventFacts, overrides: AnalyticsEnv) {
  const got = await collectFrom(collector, (ctx) =>
    sendAnalytics(request, analyticsEnv(collector.url, overrides), ctx, facts),
  );
  const a = got.get("/api/send");
  const b = got.get("/api/track");
  return {
    a: a?.body as Record<string, unknown>,
    aUa: a?.headers["user-agent"],
    b: b?.body as Record<string, unknown>,
    bUa: b?.headers["user-agent"],
  };
}

const MISS: EventFacts = { kind: "short-link-miss" };
const missPayload = {
  website: WEBSITE_ID,
  hostname: "go.example.org",
  language: "fr-CH",
  referrer: "https://news.example.net/post/1",
  url: "/nope",
  name: "short-link-miss",
  data: {
    type: "short-link-miss",
    country: "CH",
    colo: "ZRH",
    correlation_id: CF_RAY,
    path: "/nope",
  },
};

describe("PROVIDER_A_GEO_IP_MODE", () => {
  it.each([
    {
      rule: "full sends the visitor IPv4 as is",
      mode: "full",
      ip: "203.0.113.77",
      sent: "203.0.113.77",
    },
    {
      rule: "truncated sends IPv4 anonymised to its /24",
      mode: "truncated",
      ip: "203.0.113.77",
      sent: "203.0.113.0",
    },
    { rule: "unset means truncated", mode: undefined, ip: "198.51.100.201", sent: "198.51.100.0" },
    {
      rule: "full sends the visitor IPv6 as is",
      mode: "full",
      ip: "2001:db8:85a3:1234::8a2e:370:7334",
      sent: "2001:db8:85a3:1234::8a2e:370:7334",
    },
    {
      rule: "truncated sends IPv6 anonymised to its /48",
      mode: "truncated",
      ip: "2001:db8:85a3:1234::8a2e:370:7334",
      sent: "2001:db8:85a3::",
    },
    {
      rule: "truncated IPv4-mapped IPv6 is anonymised as IPv4",
      mode: "truncated",
      ip: "::ffff:192.0.2.99",
      sent: "192.0.2.0",
    },
    { rule: "none omits the ip field", mode: "none", ip: "203.0.113.77", sent: undefined },
    {
      rule: "no valid client IP omits the ip field",
      mode: "full",
      ip: "not-an-ip",
      sent: undefined,
    },
  ])("$rule", async ({ mode, ip, sent }) => {
    const request = visitorRequest({ path: "/nope", headers: { "cf-connecting-ip": ip } });
    const { a, b } = await send(request, MISS, { PROVIDER_A_GEO_IP_MODE: mode });
    const expected = sent === undefined ? missPayload : { ...missPayload, ip: sent };
    expect(a).toEqual({ type: "event", payload: expected });
    expect(JSON.stringify(b)).not.toContain(ip);
  });
});

const bot = (path: string) => visitorRequest({ path, headers: { "user-agent": GOOGLEBOT_UA } });
const REDIRECT: EventFacts = {
  kind: "redirect",
  slug: "docs",
  target_host: "docs.example.com",
  effective_state: "active",
  redirect_status: 301,
};
const redirectData = {
  type: "redirect",
  slug: "docs",
  target_host: "docs.example.com",
  effective_state: "active",
  redirect_status: 301,
  bot_family: "googlebot",
  country: "CH",
  colo: "ZRH",
  correlation_id: CF_RAY,
  path: "/docs",
};
const aBase = {
  website: WEBSITE_ID,
  hostname: "go.example.org",
  language: "fr-CH",
  referrer: "https://news.example.net/post/1",
  ip: "203.0.113.0",
};
const bBase = {
  site_id: SITE_ID,
  hostname: "go.example.org",
  querystring: "",
  referrer: "https://news.example.net/post/1",
  language: "fr-CH",
};

describe("*_BOT_MODE", () => {
  it.each([
    {
      rule: "bot normalisation (default): a known bot's redirect becomes event bot, original kind and family in data",
      mode: undefined,
      path: "/docs",
      facts: REDIRECT,
      a: { ...aBase, url: "/docs", name: "bot", data: redirectData },
      b: {
        type: "custom_event",
        ...bBase,
        pathname: "/docs",
        event_name: "bot",
        properties: JSON.stringify(redirectData),
      },
    },
    {
      rule: "BOT_MODE=original keeps the event name, still reports the bot family",
      mode: "original",
      path: "/docs",
      facts: REDIRECT,
      a: { ...aBase, url: "/docs", name: "redirect", data: redirectData },
      b: {
        type: "custom_event",
        ...bBase,
        pathname: "/docs",
        event_name: "redirect",
        properties: JSON.stringify(redirectData),
      },
    },
    {
      rule: "bot normalisation turns a bot's pageview into a named bot event",
      mode: "normalize",
      path: "/lookup",
      facts: { kind: "pageview", title: "Lookup" } as EventFacts,
      a: {
        ...aBase,
        url: "/lookup",
        title: "Lookup",
        name: "bot",
        data: {
          type: "pageview",
          bot_family: "googlebot",
          country: "CH",
          colo: "ZRH",
          correlation_id: CF_RAY,
          path: "/lookup",
        },
      },
      b: {
        type: "custom_event",
        ...bBase,
        pathname: "/lookup",
        page_title: "Lookup",
        event_name: "bot",
        properties: JSON.stringify({
          type: "pageview",
          bot_family: "googlebot",
          country: "CH",
          colo: "ZRH",
          correlation_id: CF_RAY,
          path: "/lookup",
        }),
      },
    },
    {
      rule: "BOT_MODE=original keeps a bot's pageview a native pageview",
      mode: "original",
      path: "/lookup",
      facts: { kind: "pageview", title: "Lookup" } as EventFacts,
      a: { ...aBase, url: "/lookup", title: "Lookup" },
      b: { type: "pageview", ...bBase, pathname: "/lookup", page_title: "Lookup" },
    },
  ])("$rule", async ({ mode, path, facts, a, b }) => {
    const got = await send(bot(path), facts, {
      PROVIDER_A_BOT_MODE: mode,
      PROVIDER_B_BOT_MODE: mode,
    });
    expect(got.a).toEqual({ type: "event", payload: a });
    const { anonymous_id, ...restB } = got.b;
    expect(anonymous_id).toEqual(expect.any(String));
    expect(restB).toEqual(b);
    expect(got.aUa).toBe(PROVIDER_A_FALLBACK_UA);
    expect(got.bUa).toBe(PROVIDER_B_BOT_UA);
  });

  it("each provider follows its own bot mode", async () => {
    const got = await send(bot("/docs"), REDIRECT, { PROVIDER_A_BOT_MODE: "original" });
    expect((got.a.payload as { name: string }).name).toBe("redirect");
    expect(got.b.event_name).toBe("bot");
  });
});
