/**
 * Provider B's own server-side rules, transcribed from Rybbit for tests: the strict tracking
 * schema of POST /api/track, who counts as a trusted server-side sender, and the header
 * heuristics that file an untrusted request as a bot.
 *
 * Source: https://github.com/rybbit-io/rybbit, server/src/services/tracker/
 * - `trackingPayload.ts` (commit e7da1f2516fd7b46029b4dde36395fda5572b061, the 2.7/2.8 line,
 *   server/package.json 2.7.0): `trackingPayloadSchema`, the `pageview` and `custom_event`
 *   branches this project sends. Every branch is `.strict()`: an unknown key is a 400.
 * - `trackEvent.ts` (same line): `isTrustedServerSideIngestion`, an `Authorization: Bearer` API key
 *   with the `ingest:write` scope; then `requestIdentity.ts` takes `ip_address` and `user_agent`
 *   from the payload, and bot blocking is skipped.
 * - `botBlocking/headerHeuristics.ts` and `botBlocking/config.ts` (`BOT_SCORE_THRESHOLD` 5): the
 *   score of an untrusted request.
 * - The legacy schema: `trackEvent.ts` before `anonymous_id` existed, the strict schema of v1.3
 *   (June 2025, API keys in the body as `api_key`); read in the fork twangodev/rybbit at commit
 *   344c17cf15834333cad2f52b56a318ac4f4aa3fe (forks as late as the 2.1 line still carry it).
 */
import { z } from "zod";

export const RYBBIT_SOURCE =
  "rybbit-io/rybbit 2.7/2.8: server/src/services/tracker/trackingPayload.ts@e7da1f2, trackEvent.ts, botBlocking/headerHeuristics.ts";

/** zod 3's `.ip()` (IPv4 or IPv6), in zod 4 terms. */
const ip = () => z.union([z.ipv4(), z.ipv6()]);

const jsonString = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      JSON.parse(value);
      return true;
    } catch {
      return false;
    }
  }, "Properties must be a valid JSON string");

const baseEventFields = {
  site_id: z.string().min(1),
  hostname: z.string().max(253).optional(),
  pathname: z.string().max(2048).optional(),
  querystring: z.string().max(2048).optional(),
  screenWidth: z.number().int().nonnegative().optional(),
  screenHeight: z.number().int().nonnegative().optional(),
  language: z.string().max(35).optional(),
  page_title: z.string().max(512).optional(),
  referrer: z.string().max(2048).optional(),
  anonymous_id: z.string().min(1).max(255).optional(),
  user_id: z.string().max(255).optional(),
  tag: z.string().max(256).optional(),
  feature_flags: z.record(z.string().max(100), z.string().max(2048)).optional(),
  ip_address: ip().optional(),
  user_agent: z.string().max(512).optional(),
  _bs: z.number().int().min(0).max(10).optional(),
  _bsm: z.number().int().min(0).max(2047).optional(),
  app_version: z.string().max(50).optional(),
  device_model: z.string().max(200).optional(),
};

/** `trackingPayloadSchema`, the branches this project sends (2.7/2.8). */
export const rybbitTrackSchema = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("pageview"),
      ...baseEventFields,
      event_name: z.string().max(256).optional(),
      properties: z.string().max(2048).optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal("custom_event"),
      ...baseEventFields,
      event_name: z.string().min(1).max(256),
      properties: jsonString.optional(),
    })
    .strict(),
]);

const legacyFields = {
  site_id: z.string().min(1),
  hostname: z.string().max(253).optional(),
  pathname: z.string().max(2048).optional(),
  querystring: z.string().max(2048).optional(),
  screenWidth: z.number().int().positive().optional(),
  screenHeight: z.number().int().positive().optional(),
  language: z.string().max(35).optional(),
  page_title: z.string().max(512).optional(),
  referrer: z.string().max(2048).optional(),
  user_id: z.string().max(255).optional(),
  api_key: z.string().max(35).optional(),
  ip_address: ip().optional(),
  user_agent: z.string().max(512).optional(),
};

/** The strict schema of v1.3 (June 2025): no `anonymous_id`. */
export const rybbitLegacyTrackSchema = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("pageview"),
      ...legacyFields,
      event_name: z.string().max(256).optional(),
      properties: z.string().max(2048).optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal("custom_event"),
      ...legacyFields,
      event_name: z.string().min(1).max(256),
      properties: jsonString.optional(),
    })
    .strict(),
]);

export const RYBBIT_BOT_SCORE_THRESHOLD = 5;

const BOT_FRAMEWORK_PATTERNS = [
  "python-requests",
  "python-urllib",
  "go-http-client",
  "java/",
  "okhttp",
  "node-fetch",
  "undici",
  "curl/",
  "wget",
  "httpie",
  "scrapy",
  "phantomjs",
  "selenium",
  "puppeteer",
  "playwright",
  "headlesschrome",
  "apache-httpclient",
  "libwww-perl",
  "mechanize",
  "aiohttp",
  "httpx",
  "got/",
  "superagent",
  "postman",
  "insomnia",
];

/** `detectBot` of headerHeuristics.ts: the score of an untrusted request from its headers. */
export function rybbitHeaderScore(headers: Record<string, string | undefined>): number {
  const ua = (headers["user-agent"] ?? "").toLowerCase();
  if (BOT_FRAMEWORK_PATTERNS.some((pattern) => ua.includes(pattern))) return 5;
  let score = 0;
  if (/headless|phantomjs/.test(ua)) score += 3;
  if (!headers["accept-language"]) score += 3;
  if (!headers["accept"]) score += 2;
  const encoding = headers["accept-encoding"];
  if (!encoding || !encoding.includes("gzip")) score += 2;
  const chrome = /chrome\/(\d+)/.exec(ua);
  if (chrome && Number(chrome[1]) >= 76) {
    if (!headers["sec-fetch-site"]) score += 2;
    if (headers["sec-fetch-mode"] === "navigate") score += 2;
  }
  return score;
}

/** `isTrustedServerSideIngestion`, as far as the request shows it: a bearer key is present. */
export function rybbitTrusted(headers: Record<string, string | undefined>): boolean {
  return /^Bearer \S+$/.test(headers["authorization"] ?? "");
}

/** `resolveTrackingIdentity`: the IP and User-Agent Rybbit files the event under. */
export function rybbitIdentity(
  body: { ip_address?: string; user_agent?: string },
  headers: Record<string, string | undefined>,
  connectingIp: string,
): { ip: string; userAgent: string } {
  const headerUa = headers["user-agent"] ?? "";
  return rybbitTrusted(headers)
    ? { ip: body.ip_address || connectingIp, userAgent: body.user_agent || headerUa }
    : { ip: connectingIp, userAgent: headerUa };
}
