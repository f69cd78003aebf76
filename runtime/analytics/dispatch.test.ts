/**
 * Dispatch never gets in the way of a response: a provider that never answers and one that
 * answers 500 leave sendAnalytics returning at once; the background promises settle without
 * throwing; the failures are counted and logged once each. The timeout is injected and fired by
 * the test, so no local answer ever races a wall clock.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startCollector, type Collector } from "../../test/support/collector.js";
import { ANALYTICS_TIMEOUT_MS } from "./dispatch.js";
import { analyticsCounters, resetAnalyticsCounters, sendAnalytics } from "./index.js";
import {
  analyticsEnv,
  fakeContext,
  visitorRequest,
} from "../../test/support/analytics-fixtures.js";

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

/** A timeout that fires only when the test says so; records the durations it was asked for. */
function manualTimeout() {
  const controllers: AbortController[] = [];
  const requested: number[] = [];
  return {
    requested,
    timeoutSignal(ms: number): AbortSignal {
      requested.push(ms);
      const controller = new AbortController();
      controllers.push(controller);
      return controller.signal;
    },
    fire(): void {
      for (const c of controllers) c.abort(new DOMException("timed out", "TimeoutError"));
    },
  };
}

/** Whether `p` has settled, once every pending callback and I/O event so far has run. */
async function hasSettled(p: Promise<unknown>): Promise<boolean> {
  let settled = false;
  p.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

/** Waits (bounded) until the counters show `kind` once for `provider`. */
async function counted(provider: "provider_a" | "provider_b", kind: "http_error" | "sent") {
  await vi.waitFor(() => expect(analyticsCounters()[provider][kind]).toBe(1), {
    timeout: 10_000,
    interval: 5,
  });
}

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
    "$rule: returns at once, settles on the timeout, counts and logs each failure",
    async ({ a, b, counts }) => {
      const clock = manualTimeout();
      const ctx = fakeContext();
      const returned = sendAnalytics(
        visitorRequest(),
        envWith(a(), b()),
        ctx,
        { kind: "redirect", slug: "docs" },
        { timeoutSignal: clock.timeoutSignal },
      );
      expect(returned).toBeUndefined();
      expect(ctx.promises).toHaveLength(1);

      await counted(counts.a === "http_error" ? "provider_a" : "provider_b", "http_error");
      expect(clock.requested).toEqual([ANALYTICS_TIMEOUT_MS, ANALYTICS_TIMEOUT_MS]);
      expect(await hasSettled(ctx.promises[0])).toBe(false); // the silent one waits for its timeout
      clock.fire();
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

  it("a 500 that arrives long after the configured timeout is still an http_error: only the timeout's signal decides", async () => {
    const clock = manualTimeout();
    const slowFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return response;
    };
    const ctx = fakeContext();
    sendAnalytics(
      visitorRequest(),
      envWith(failing, failing),
      ctx,
      { kind: "short-link-miss" },
      { timeoutMs: 1, timeoutSignal: clock.timeoutSignal, fetch: slowFetch },
    );
    await Promise.all(ctx.promises);
    expect(clock.requested).toEqual([1, 1]);
    expect(analyticsCounters().provider_a.http_error).toBe(1);
    expect(analyticsCounters().provider_b.http_error).toBe(1);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("an unreachable provider counts a network error and never throws", async () => {
    const closed = await startCollector();
    await closed.close();
    const ctx = fakeContext();
    sendAnalytics(
      visitorRequest(),
      envWith(closed, healthy),
      ctx,
      { kind: "short-link-miss" },
      { timeoutSignal: manualTimeout().timeoutSignal }, // only the refusal can end it
    );
    await Promise.all(ctx.promises);
    expect(analyticsCounters().provider_a.network_error).toBe(1);
    expect(analyticsCounters().provider_b.sent).toBe(1);
  });

  it("a successful delivery is counted as sent and logs nothing", async () => {
    const ctx = fakeContext();
    sendAnalytics(
      visitorRequest(),
      envWith(healthy, healthy),
      ctx,
      { kind: "short-link-miss" },
      { timeoutSignal: manualTimeout().timeoutSignal },
    );
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
