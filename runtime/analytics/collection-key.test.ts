/**
 * Provider B's collection key (PROVIDER_B_COLLECTION_KEY) goes out as `Authorization: Bearer`
 * with what Rybbit needs to file the visitor correctly; the management token
 * PROVIDER_B_API_TOKEN is never read and never sent.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  RYBBIT_BOT_SCORE_THRESHOLD,
  rybbitHeaderScore,
  rybbitIdentity,
} from "../../test/providers/rybbit.js";
import {
  ANALYTICS_KEYS,
  buildAnalyticsRequests,
  loadAnalyticsConfig,
  parseAnalyticsConfig,
  sendAnalytics,
  type AnalyticsEnv,
} from "./index.js";
import {
  analyticsEnv,
  CHROME_UA,
  fakeContext,
  visitorRequest,
} from "../../test/support/analytics-fixtures.js";

const KEY = "rb_0123456789abcdef0123456789abcdef";
const TOKEN = "management-token-that-must-stay-local";
const BASE = "https://collect.example.com";

afterEach(() => {
  vi.restoreAllMocks();
});

function providerB(env: AnalyticsEnv, headers: Record<string, string> = {}) {
  const config = parseAnalyticsConfig({ ...env, ANALYTICS_PROVIDER: "provider_b" });
  const [b] = buildAnalyticsRequests(visitorRequest({ headers }), config, {
    kind: "short-link-miss",
  });
  return { headers: b.headers, body: JSON.parse(b.body) };
}

describe("PROVIDER_B_COLLECTION_KEY", () => {
  it("is sent as Authorization: Bearer, with the visitor's User-Agent and anonymised IP in the body", () => {
    const b = providerB(analyticsEnv(BASE, { PROVIDER_B_COLLECTION_KEY: KEY }));
    expect(b.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(b.body).toMatchObject({ user_agent: CHROME_UA, ip_address: "203.0.113.0" });
  });

  it("IPv6 visitors are anonymised to their /48", () => {
    const b = providerB(analyticsEnv(BASE, { PROVIDER_B_COLLECTION_KEY: KEY }), {
      "cf-connecting-ip": "2001:db8:85a3:1234::1",
    });
    expect(b.body.ip_address).toBe("2001:db8:85a3::");
  });

  it("unset: no Authorization header, no user_agent or ip_address (Rybbit would ignore them)", () => {
    const b = providerB(analyticsEnv(BASE));
    expect(b.headers.authorization).toBeUndefined();
    expect(b.body.user_agent).toBeUndefined();
    expect(b.body.ip_address).toBeUndefined();
  });

  it("without it, Rybbit's header heuristics score the worker's request past its bot threshold", () => {
    const b = providerB(analyticsEnv(BASE));
    expect(rybbitHeaderScore(b.headers)).toBeGreaterThanOrEqual(RYBBIT_BOT_SCORE_THRESHOLD);
    // ...and it takes the connecting address, which is not the visitor's.
    expect(rybbitIdentity(b.body, b.headers, "2a06:98c0:3600::103").ip).toBe("2a06:98c0:3600::103");
  });

  it.each(["has space", "short", "é-not-ascii-key", "a".repeat(513)])(
    "SL706: a malformed key (%s) disables provider B",
    (key) => {
      const config = parseAnalyticsConfig(analyticsEnv(BASE, { PROVIDER_B_COLLECTION_KEY: key }));
      expect(config.provider_b).toBeUndefined();
      expect(config.provider_a).toBeDefined();
      expect(config.problems).toEqual([
        "SL706 PROVIDER_B_COLLECTION_KEY: expected an API key (8-512 visible ASCII characters, no spaces); provider disabled",
      ]);
    },
  );
});

describe("PROVIDER_B_API_TOKEN", () => {
  it("is not among the variables analytics reads", () => {
    expect(ANALYTICS_KEYS).not.toContain("PROVIDER_B_API_TOKEN");
  });

  it("is never read by the runtime nor sent to any provider", async () => {
    const read: string[] = [];
    const env = new Proxy(
      { ...analyticsEnv(BASE, { PROVIDER_B_COLLECTION_KEY: KEY }), PROVIDER_B_API_TOKEN: TOKEN },
      {
        get(target, name, receiver) {
          read.push(String(name));
          return Reflect.get(target, name, receiver);
        },
      },
    );
    const sent: string[] = [];
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      sent.push(JSON.stringify([String(url), init?.headers, init?.body]));
      return new Response("{}");
    });
    const ctx = fakeContext();
    loadAnalyticsConfig(env);
    sendAnalytics(visitorRequest(), env, ctx, { kind: "short-link-miss" }, { fetch });
    await Promise.all(ctx.promises);
    expect(sent).toHaveLength(2);
    expect(read).not.toContain("PROVIDER_B_API_TOKEN");
    expect(sent.join("\n")).not.toContain(TOKEN);
  });
});
