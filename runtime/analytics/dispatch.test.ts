/**
 * Dispatch never gets in the way of a response: a provider that never answers and one that
 * answers 500 leave sendAnalytics returning at once; the background promises settle without
 * throwing; the failures are counted and logged once each.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startCollector, type Collector } from "../../lib/analytics/test-collector.js";
import { analyticsCounters, resetAnalyticsCounters, sendAnalytics } from "./index.js";
import { analyticsEnv, fakeContext, visitorRequest } from "./test-fixtures.js";

let hanging: Collector;
let failing: Collector;
let healthy: Collector;
beforeAll(async () => {
  [hanging, failing, healthy] = await Promise.all([
    startCollector({ mode: "hang" }),
    startCollector({ mode: "error" }),
    startCollector(),
  ]);
});
afterAll(() => Promise.all([hanging.close(), failing.close(), healthy.close()]));

let warn: ReturnType<typeof vi.spyOn>;
afterEach(() => {
  vi.restoreAllMocks();
});
beforeEach(() => {
  resetAnalyticsCounters();
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

const PENDING = Symbol("pending");
const state = (p: Promise<unknown>) =>
  Promise.race([
    p.then(
      () => "resolved",
      () => "rejected",
    ),
    Promise.resolve(PENDING),
  ]);

function envWith(a: Collector, b: Collector) {
  return analyticsEnv("http://unused.invalid", {
    PROVIDER_A_ENDPOINT: `${a.url}/api/send`,
    PROVIDER_B_ENDPOINT: `${b.url}/api/track`,
  });
}

describe("dispatch through ctx.waitUntil", () => {
  it.each([
    {
      rule: "provider A never answers, provider B answers 500",
      a: () => hanging,
      b: () => failing,
      counts: { a: "timeout", b: "http_error" },
    },
    {
      rule: "provider A answers 500, provider B never answers",
      a: () => failing,
      b: () => hanging,
      counts: { a: "http_error", b: "timeout" },
    },
  ] as const)(
    "$rule: returns at once, settles after the timeout, counts and logs each failure",
    async ({ a, b, counts }) => {
      const ctx = fakeContext();
      const returned = sendAnalytics(
        visitorRequest(),
        envWith(a(), b()),
        ctx,
        { kind: "redirect", slug: "docs" },
        { timeoutMs: 300 },
      );
      expect(returned).toBeUndefined();
      expect(ctx.promises).toHaveLength(1);
      expect(await state(ctx.promises[0])).toBe(PENDING);

      await expect(Promise.all(ctx.promises)).resolves.toBeDefined();
      const after = analyticsCounters();
      expect(after.provider_a[counts.a]).toBe(1);
      expect(after.provider_b[counts.b]).toBe(1);
      expect(after.provider_a.sent + after.provider_b.sent).toBe(0);
      expect(warn).toHaveBeenCalledTimes(2);
      const logged = warn.mock.calls.map((call: unknown[]) => String(call[0])).join("\n");
      expect(logged).not.toMatch(/127\.0\.0\.1|api\/send|api\/track|token/);
    },
  );

  it("an unreachable provider counts a network error and never throws", async () => {
    const closed = await startCollector();
    await closed.close();
    const ctx = fakeContext();
    sendAnalytics(
      visitorRequest(),
      envWith(closed, healthy),
      ctx,
      { kind: "short-link-miss" },
      { timeoutMs: 2000 },
    );
    await Promise.all(ctx.promises);
    expect(analyticsCounters().provider_a.network_error).toBe(1);
    expect(analyticsCounters().provider_b.sent).toBe(1);
  });

  it("a successful delivery is counted as sent and logs nothing", async () => {
    const ctx = fakeContext();
    sendAnalytics(visitorRequest(), envWith(healthy, healthy), ctx, { kind: "short-link-miss" });
    await Promise.all(ctx.promises);
    expect(analyticsCounters().provider_a.sent).toBe(1);
    expect(analyticsCounters().provider_b.sent).toBe(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    { rule: "ANALYTICS_PROVIDER unset sends nothing", env: { ANALYTICS_PROVIDER: undefined } },
    { rule: "ANALYTICS_PROVIDER=disabled sends nothing", env: { ANALYTICS_PROVIDER: "disabled" } },
  ])("$rule", async ({ env }) => {
    const ctx = fakeContext();
    sendAnalytics(visitorRequest(), { ...envWith(healthy, healthy), ...env }, ctx, {
      kind: "short-link-miss",
    });
    expect(ctx.promises).toHaveLength(0);
  });

  it("a fetch that throws synchronously is counted, not thrown", async () => {
    const ctx = fakeContext();
    const fetch = (() => {
      throw new TypeError("boom");
    }) as unknown as typeof globalThis.fetch;
    sendAnalytics(visitorRequest(), envWith(healthy, healthy), ctx, { kind: "lookup" }, { fetch });
    await Promise.all(ctx.promises);
    expect(analyticsCounters().provider_a.network_error).toBe(1);
    expect(analyticsCounters().provider_b.network_error).toBe(1);
  });
});
