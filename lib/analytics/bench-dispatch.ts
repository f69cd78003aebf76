/**
 * Benchmark (for `npm run bench`, not a test): a redirect handler's time to a built response
 * with a healthy provider, with a provider that never answers and with one that answers 500
 * (and with analytics off, for reference), measured in one run, interleaved. The ratios
 * (failing provider / healthy provider) should stay near 1.
 */
import { sendAnalytics } from "../../runtime/analytics/index.js";
import { startCollector, type Collector } from "./test-collector.js";

export interface DispatchBench {
  iterations: number;
  /** Median microseconds from request to returned response. */
  median_us: Record<Scenario, number>;
  /** Against the healthy provider. */
  ratio: { hanging: number; failing: number };
}

const SCENARIOS = ["disabled", "healthy", "hanging", "failing"] as const;
type Scenario = (typeof SCENARIOS)[number];

export async function benchDispatch(
  options: { iterations?: number; timeoutMs?: number } = {},
): Promise<DispatchBench> {
  const iterations = options.iterations ?? 2000;
  const collectors = await Promise.all([
    startCollector(),
    startCollector({ mode: "hang" }),
    startCollector({ mode: "error" }),
  ]);
  const [healthy, hanging, failing] = collectors;
  const envs = {
    disabled: { ANALYTICS_PROVIDER: "disabled" },
    healthy: envFor(healthy),
    hanging: envFor(hanging),
    failing: envFor(failing),
  };
  const samples: Record<Scenario, number[]> = {
    disabled: [],
    healthy: [],
    hanging: [],
    failing: [],
  };
  const pending: Promise<unknown>[] = [];
  const ctx = { waitUntil: (p: Promise<unknown>) => void pending.push(p) };
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    for (let i = 0; i < iterations; i++) {
      for (const name of SCENARIOS) {
        const request = new Request("https://go.example.org/docs?utm_source=bench", {
          headers: {
            "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
            "cf-connecting-ip": "203.0.113.9",
          },
        });
        const start = performance.now();
        const response = new Response(null, {
          status: 302,
          headers: { location: "https://docs.example.com/", "cache-control": "no-store" },
        });
        sendAnalytics(
          request,
          envs[name],
          ctx,
          { kind: "redirect", slug: "docs", target_host: "docs.example.com", redirect_status: 302 },
          { timeoutMs: options.timeoutMs ?? 1000 },
        );
        samples[name].push(performance.now() - start + (response.status === 302 ? 0 : NaN));
      }
      if (pending.length > 200) await Promise.all(pending.splice(0));
    }
    await Promise.all(pending.splice(0));
  } finally {
    console.warn = warn;
    await Promise.all(collectors.map((c) => c.close()));
  }
  const median_us = Object.fromEntries(
    SCENARIOS.map((name) => [name, median(samples[name])]),
  ) as Record<Scenario, number>;
  const ratio = (name: Scenario) => Math.round((median_us[name] / median_us.healthy) * 100) / 100;
  return { iterations, median_us, ratio: { hanging: ratio("hanging"), failing: ratio("failing") } };
}

function envFor(collector: Collector) {
  return {
    ANALYTICS_PROVIDER: "provider_a,provider_b",
    PROVIDER_A_ENDPOINT: `${collector.url}/api/send`,
    PROVIDER_A_WEBSITE_ID: "6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b",
    PROVIDER_B_ENDPOINT: `${collector.url}/api/track`,
    PROVIDER_B_SITE_ID: "1",
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] * 1000 * 100) / 100;
}
