/**
 * Provider B speaks the Rybbit tracking API: POST {endpoint} with a strict JSON body
 * (unknown keys are refused), `properties` a JSON string of at most 2048 characters.
 * No client IP; a fresh random anonymous_id per request; the visitor UA only when not a bot.
 */
import type { ProviderBConfig } from "./config.js";
import { clip, eventData } from "./event-data.js";
import type { EventFacts, OutgoingRequest } from "./types.js";
import type { Visitor } from "./visitor.js";
import { GENERATOR } from "../version.js";

export const PROVIDER_B_BOT_UA = `${GENERATOR} (+analytics)`;
export const MAX_PROPERTIES_LENGTH = 2048;

/** Query parameters forwarded to provider B: campaign tags and ad click IDs, nothing else. */
export const FORWARDED_QUERY_PARAMS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "utm_id",
  "ref",
  "gclid",
  "gbraid",
  "wbraid",
  "fbclid",
  "msclkid",
  "ttclid",
  "twclid",
  "li_fat_id",
] as const;

/** Rybbit's field limits. */
const LIMITS = {
  hostname: 253,
  pathname: 2048,
  querystring: 2048,
  referrer: 2048,
  language: 35,
  page_title: 512,
  event_name: 256,
};

export function buildProviderB(
  config: ProviderBConfig,
  facts: EventFacts,
  visitor: Visitor,
): OutgoingRequest {
  const asBot = visitor.bot.bot && config.botMode === "normalize";
  const name = asBot ? "bot" : facts.kind;
  const body: Record<string, string> = {
    type: name === "pageview" ? "pageview" : "custom_event",
    site_id: config.siteId,
    hostname: clip(visitor.hostname, LIMITS.hostname),
    pathname: clip(visitor.pathname, LIMITS.pathname),
    querystring: selectedQuery(visitor.searchParams),
    referrer: clip(visitor.referrer, LIMITS.referrer),
    language: clip(visitor.language, LIMITS.language),
    anonymous_id: crypto.randomUUID(),
  };
  if (facts.title && facts.kind === "pageview")
    body.page_title = clip(facts.title, LIMITS.page_title);
  if (name !== "pageview") {
    body.event_name = name.slice(0, LIMITS.event_name);
    body.properties = fitProperties(eventData(facts, visitor));
  }
  return {
    provider: "provider_b",
    event: name,
    url: config.endpoint,
    headers: {
      "content-type": "application/json",
      "user-agent": visitor.bot.bot ? PROVIDER_B_BOT_UA : visitor.userAgent,
    },
    body: JSON.stringify(body),
  };
}

/** `?utm_source=...&gclid=...` with only the forwarded parameters, in the request's order; empty when none. */
export function selectedQuery(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  params.forEach((value, key) => {
    if ((FORWARDED_QUERY_PARAMS as readonly string[]).includes(key))
      kept.append(key, clip(value, 200));
  });
  const text = kept.toString();
  return text === "" ? "" : clip(`?${text}`, LIMITS.querystring);
}

/** JSON of the data, dropping the lowest-priority keys until it fits in 2048 characters. */
export function fitProperties(data: [string, string | number][]): string {
  for (let n = data.length; n > 0; n--) {
    const json = JSON.stringify(Object.fromEntries(data.slice(0, n)));
    if (json.length <= MAX_PROPERTIES_LENGTH) return json;
  }
  return "{}";
}
