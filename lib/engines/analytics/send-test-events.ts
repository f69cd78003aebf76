/**
 * `shortlinks analytics test`: sends one event of each kind to the configured providers through
 * the worker's own code in workerd (runtime/analytics/probe-worker.ts, bundled as the worker is
 * and run by miniflare), so it fails where the deployed worker would: workerd's fetch, the
 * worker's headers and User-Agents, no browser-like headers added by Node. Reports what each
 * provider answered.
 */
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import {
  ANALYTICS_KEYS,
  anyProvider,
  parseAnalyticsConfig,
  type AnalyticsEnv,
  type EventFacts,
  type Provider,
} from "../../../runtime/analytics/index.js";
import type { ProbeCase, ProbeOutput } from "../../../runtime/analytics/probe-worker.js";
import { bundleWorker } from "../../stages/5-bundle/bundle-worker.js";
import { COMPATIBILITY_DATE } from "../../stages/5-bundle/output-files.js";

export type TestEvent = "pageview" | "redirect" | "short-link-miss" | "lookup" | "bot";

export interface TestEventResult {
  provider: Provider;
  event: TestEvent;
  /** HTTP status, or 0 when no answer came (then `body` says timeout or network_error). */
  status: number;
  body: string;
}

export interface SendTestEventsOptions {
  /** The visitor-facing origin the events claim to come from; default https://analytics-test.shortlinks.invalid */
  baseUrl?: string;
  /** Per-provider timeout inside the worker; the runtime's default (3 s) when absent. */
  timeoutMs?: number;
  /**
   * Receives each line the worker logs (its own "not delivered" warnings). By default they are
   * dropped: the results already say what each provider answered, and the report is the output.
   */
  onLog?: (line: string) => void;
}

export const PROBE_ENTRY = "runtime/analytics/probe-worker.ts";

const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0";
const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const REDIRECT: EventFacts = {
  kind: "redirect",
  slug: "analytics-test",
  target_host: "example.com",
  effective_state: "active",
  redirect_status: 302,
};

const CASES: { event: TestEvent; path: string; method?: string; ua?: string; facts: EventFacts }[] =
  [
    {
      event: "pageview",
      path: "/lookup",
      facts: { kind: "pageview", title: "shortlinks analytics test" },
    },
    { event: "redirect", path: "/analytics-test?utm_source=shortlinks-test", facts: REDIRECT },
    { event: "short-link-miss", path: "/analytics-test-miss", facts: { kind: "short-link-miss" } },
    {
      event: "lookup",
      path: "/_analytics/lookup",
      method: "POST",
      facts: { kind: "lookup", slug: "analytics-test", lookup_result: "found" },
    },
    { event: "bot", path: "/analytics-test", ua: BOT_UA, facts: REDIRECT },
  ];

/** Only the variables the runtime reads reach the worker (never PROVIDER_B_API_TOKEN). */
export function probeBindings(env: Record<string, string | undefined>): Record<string, string> {
  const bindings: Record<string, string> = {};
  for (const key of ANALYTICS_KEYS) {
    const value = env[key];
    if (value !== undefined) bindings[key] = value;
  }
  return bindings;
}

/** One event of each kind, one after the other; both providers in parallel for each. Never throws on a provider failure. */
export async function sendTestEvents(
  env: AnalyticsEnv,
  options: SendTestEventsOptions = {},
): Promise<TestEventResult[]> {
  const config = parseAnalyticsConfig(env);
  if (!anyProvider(config)) return [];
  const base = options.baseUrl ?? "https://analytics-test.shortlinks.invalid";
  const cases: ProbeCase[] = CASES.map((c) => ({
    event: c.event,
    url: new URL(c.path, base).href,
    method: c.method ?? "GET",
    headers: {
      "user-agent": c.ua ?? BROWSER_UA,
      "accept-language": "en-US,en;q=0.8",
      "cf-connecting-ip": "203.0.113.10",
    },
    facts: c.facts,
  }));
  const { code } = await bundleWorker(PROBE_ENTRY);
  // miniflare takes most of a second to load: only the commands that run workerd pay for it.
  const { Miniflare } = await import("miniflare");
  const engine = new Miniflare({
    modules: [{ type: "ESModule", path: "probe.js", contents: code }],
    compatibilityDate: COMPATIBILITY_DATE,
    bindings: probeBindings(env as Record<string, string | undefined>),
    host: "127.0.0.1",
    port: 0,
    handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
      for (const stream of [stdout, stderr])
        createInterface({ input: stream }).on("line", (line) => options.onLog?.(line));
    },
  });
  try {
    const answer = await engine.dispatchFetch("https://probe.invalid/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ cases, timeoutMs: options.timeoutMs }),
    });
    const output = (await answer.json()) as ProbeOutput | { error: string };
    if ("error" in output) throw new Error(`analytics probe worker failed: ${output.error}`);
    return output.results as TestEventResult[];
  } finally {
    await engine.dispose();
  }
}
