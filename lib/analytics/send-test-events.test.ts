/** `shortlinks analytics test`: one event of each kind to each configured provider, answers reported. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { analyticsEnv } from "../../runtime/analytics/test-fixtures.js";
import { checkAnalyticsConfig, sendTestEvents } from "./send-test-events.js";
import { startCollector, type Collector } from "./test-collector.js";

let ok: Collector;
let failing: Collector;
let hanging: Collector;
beforeAll(async () => {
  [ok, failing, hanging] = await Promise.all([
    startCollector({ answer: { cache: "t", sessionId: "s", visitId: "v" } }),
    startCollector({ mode: "error" }),
    startCollector({ mode: "hang" }),
  ]);
});
afterAll(() => Promise.all([ok.close(), failing.close(), hanging.close()]));
afterEach(() => {
  vi.restoreAllMocks();
});

const EVENTS = ["pageview", "redirect", "short-link-miss", "lookup", "bot"];

describe("sendTestEvents", () => {
  it("sends one event of each kind to each provider and reports each answer", async () => {
    ok.received.length = 0;
    const results = await sendTestEvents(analyticsEnv(ok.url));
    expect(results.map((r) => `${r.provider} ${r.event} ${r.status}`)).toEqual(
      EVENTS.flatMap((e) => [`provider_a ${e} 200`, `provider_b ${e} 200`]),
    );
    expect(results[0].body).toBe('{"cache":"t","sessionId":"s","visitId":"v"}');
    expect(ok.received.map((r) => r.path)).toEqual(
      EVENTS.flatMap(() => ["/api/send", "/api/track"]),
    );
    const names = ok.received
      .filter((r) => r.path === "/api/send")
      .map((r) => (r.body as { payload: { name?: string } }).payload.name);
    expect(names).toEqual([undefined, "redirect", "short-link-miss", "lookup", "bot"]);
  });

  it("reports a 500 and a provider that never answers without throwing", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const env = analyticsEnv(ok.url, {
      PROVIDER_A_ENDPOINT: `${failing.url}/api/send`,
      PROVIDER_B_ENDPOINT: `${hanging.url}/api/track`,
    });
    const results = await sendTestEvents(env, { timeoutMs: 200 });
    expect(results).toHaveLength(10);
    expect(results.filter((r) => r.provider === "provider_a").every((r) => r.status === 500)).toBe(
      true,
    );
    expect(
      results.filter((r) => r.provider === "provider_b").map((r) => `${r.status} ${r.body}`),
    ).toEqual(EVENTS.map(() => "0 timeout"));
  });

  it("with analytics disabled nothing is sent; a bad variable is reported by checkAnalyticsConfig", async () => {
    expect(await sendTestEvents({ ANALYTICS_PROVIDER: "disabled" })).toEqual([]);
    expect(
      checkAnalyticsConfig(analyticsEnv(ok.url, { PROVIDER_A_GEO_IP_MODE: "partial" })),
    ).toEqual([
      "SL704 PROVIDER_A_GEO_IP_MODE: expected one of full, truncated, none; provider disabled",
    ]);
  });
});
