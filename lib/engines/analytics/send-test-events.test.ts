/**
 * `shortlinks analytics test`: one event of each kind to each configured provider, sent by the
 * worker's own code in workerd, answers reported. Time is the caller's: each run sets the
 * provider timeout, so an answer never races a timer.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { analyticsEnv } from "../../../test/support/analytics-fixtures.js";
import { probeBindings, sendTestEvents } from "./send-test-events.js";
import { startCollector, type Collector } from "../../../test/support/collector.js";

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

const EVENTS = ["pageview", "redirect", "short-link-miss", "lookup", "bot"];
/** Far beyond any local answer: a run that waits for answers never meets its timeout. */
const NO_TIMEOUT = 60_000;

describe("sendTestEvents", () => {
  it("sends one event of each kind to each provider from workerd and reports each answer", async () => {
    ok.received.length = 0;
    const results = await sendTestEvents(analyticsEnv(ok.url), { timeoutMs: NO_TIMEOUT });
    expect(results.map((r) => `${r.provider} ${r.event} ${r.status}`)).toEqual(
      EVENTS.flatMap((e) => [`provider_a ${e} 200`, `provider_b ${e} 200`]),
    );
    expect(results[0].body).toBe('{"cache":"t","sessionId":"s","visitId":"v"}');
    // Both providers are called in parallel for each event: their order varies.
    expect(ok.received.map((r) => r.path).sort()).toEqual([
      ...EVENTS.map(() => "/api/send"),
      ...EVENTS.map(() => "/api/track"),
    ]);
    const names = ok.received
      .filter((r) => r.path === "/api/send")
      .map((r) => (r.body as { payload: { name?: string } }).payload.name);
    expect(names).toEqual([undefined, "redirect", "short-link-miss", "lookup", "bot"]);
  });

  it("the collection requests carry what workerd sends, not the browser-like headers Node's fetch adds", async () => {
    ok.received.length = 0;
    await sendTestEvents(analyticsEnv(ok.url), { timeoutMs: NO_TIMEOUT });
    expect(ok.received).toHaveLength(10);
    for (const { headers } of ok.received) {
      expect(headers["sec-fetch-mode"]).toBeUndefined();
      expect(headers["accept-language"]).toBeUndefined();
      expect(headers["user-agent"]).not.toMatch(/^node|undici/);
    }
  });

  it("reports every 500 without throwing, and hands the worker's warnings to onLog, not the console", async () => {
    const lines: string[] = [];
    const results = await sendTestEvents(analyticsEnv(failing.url), {
      timeoutMs: NO_TIMEOUT,
      onLog: (line) => lines.push(line),
    });
    expect(results.map((r) => `${r.provider} ${r.status}`)).toEqual(
      EVENTS.flatMap(() => ["provider_a 500", "provider_b 500"]),
    );
    await vi.waitFor(() => expect(lines).toHaveLength(10), { timeout: 5_000 });
    expect(lines.every((l) => /not delivered \(http_error: HTTP 500\)$/.test(l))).toBe(true);
  });

  it("reports a provider that never answers as a timeout, without throwing", async () => {
    const env = analyticsEnv(hanging.url, { ANALYTICS_PROVIDER: "provider_b" });
    const lines: string[] = [];
    const results = await sendTestEvents(env, { timeoutMs: 100, onLog: (l) => lines.push(l) });
    expect(results.map((r) => `${r.provider} ${r.event} ${r.status} ${r.body}`)).toEqual(
      EVENTS.map((e) => `provider_b ${e} 0 timeout`),
    );
    await vi.waitFor(() => expect(lines).toHaveLength(5), { timeout: 5_000 });
    expect(lines.sort()).toEqual(
      EVENTS.map(
        (e) => `shortlinks analytics: provider_b ${e} not delivered (timeout: TimeoutError)`,
      ).sort(),
    );
  });

  it("with analytics disabled nothing is sent and no worker is started", async () => {
    expect(await sendTestEvents({ ANALYTICS_PROVIDER: "disabled" })).toEqual([]);
  });

  it("the worker gets the variables analytics reads and nothing else: never PROVIDER_B_API_TOKEN", () => {
    const env = { ...analyticsEnv(ok.url), PROVIDER_B_API_TOKEN: "local-only", PATH: "/bin" };
    expect(probeBindings(env)).toEqual(analyticsEnv(ok.url));
  });
});
