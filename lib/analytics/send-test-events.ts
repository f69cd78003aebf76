/**
 * `shortlinks analytics test`: sends one event of each kind to the configured providers,
 * built by the very code the runtime runs, and reports what each provider answered.
 */
import {
  buildAnalyticsRequests,
  deliverAll,
  parseAnalyticsConfig,
  type AnalyticsEnv,
  type EventFacts,
  type Provider,
} from "../../runtime/analytics/index.js";

export type TestEvent = "pageview" | "redirect" | "short-link-miss" | "lookup" | "bot";

export interface TestEventResult {
  provider: Provider;
  event: TestEvent;
  /** HTTP status, or 0 when no answer came (then `body` says timeout or network_error). */
  status: number;
  body: string;
}

export interface SendTestEventsOptions {
  fetch?: typeof fetch;
  /** The visitor-facing origin the events claim to come from; default https://analytics-test.shortlinks.invalid */
  baseUrl?: string;
  timeoutMs?: number;
}

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

/** The configuration problems (`SL7xx VARIABLE: ...`), for the command to print before sending. */
export function checkAnalyticsConfig(env: AnalyticsEnv): string[] {
  return parseAnalyticsConfig(env).problems;
}

/** One event of each kind, one after the other; both providers in parallel for each. Never throws on a provider failure. */
export async function sendTestEvents(
  env: AnalyticsEnv,
  options: SendTestEventsOptions = {},
): Promise<TestEventResult[]> {
  const config = parseAnalyticsConfig(env);
  const base = options.baseUrl ?? "https://analytics-test.shortlinks.invalid";
  const results: TestEventResult[] = [];
  for (const c of CASES) {
    const request = new Request(new URL(c.path, base), {
      method: c.method ?? "GET",
      headers: {
        "user-agent": c.ua ?? BROWSER_UA,
        "accept-language": "en-US,en;q=0.8",
        "cf-connecting-ip": "203.0.113.10",
      },
    });
    const delivered = await deliverAll(buildAnalyticsRequests(request, config, c.facts), options);
    for (const d of delivered)
      results.push({ provider: d.provider, event: c.event, status: d.status, body: d.body });
  }
  return results;
}
