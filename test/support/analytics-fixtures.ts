/** Shared inputs for the analytics tests (not bundled: only test files import it). */
import type { WaitUntil } from "../../runtime/env.js";
import type { AnalyticsEnv } from "../../runtime/analytics/types.js";

export const WEBSITE_ID = "6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b";
export const SITE_ID = "42";
export const CHROME_UA =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36";
export const GOOGLEBOT_UA =
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
export const CF_RAY = "8a1b2c3d4e5f6789-ZRH";

export function analyticsEnv(base: string, overrides: AnalyticsEnv = {}): AnalyticsEnv {
  return {
    ANALYTICS_PROVIDER: "provider_a,provider_b",
    PROVIDER_A_ENDPOINT: `${base}/api/send`,
    PROVIDER_A_WEBSITE_ID: WEBSITE_ID,
    PROVIDER_B_ENDPOINT: `${base}/api/track`,
    PROVIDER_B_SITE_ID: SITE_ID,
    ...overrides,
  };
}

export interface VisitorOptions {
  path?: string;
  method?: string;
  headers?: Record<string, string>;
  cf?: { country?: string; colo?: string };
}

/** A visitor's request as the edge hands it to the worker. */
export function visitorRequest(options: VisitorOptions = {}): Request {
  const request = new Request(`https://go.example.org${options.path ?? "/docs"}`, {
    method: options.method ?? "GET",
    headers: {
      "user-agent": CHROME_UA,
      "accept-language": "fr-CH,fr;q=0.9,en;q=0.8",
      referer: "https://news.example.net/post/1?session=abc#top",
      "cf-connecting-ip": "203.0.113.77",
      "cf-ray": CF_RAY,
      ...options.headers,
    },
  });
  Object.defineProperty(request, "cf", { value: options.cf ?? { country: "CH", colo: "ZRH" } });
  return request;
}

/** A fake execution context that keeps every waitUntil promise. */
export function fakeContext(): WaitUntil & { promises: Promise<unknown>[] } {
  const promises: Promise<unknown>[] = [];
  return { promises, waitUntil: (promise) => void promises.push(promise) };
}
