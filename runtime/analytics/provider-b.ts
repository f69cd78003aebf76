/**
 * Provider B speaks the Rybbit tracking API: POST {endpoint} with a strict JSON body
 * (unknown keys are refused), `properties` a JSON string of at most 2048 characters.
 * A fresh random anonymous_id per request. With a collection key (PROVIDER_B_COLLECTION_KEY) the
 * request is a trusted server-side one: `Authorization: Bearer`, and the visitor's User-Agent
 * and anonymised IP in the body, which Rybbit then files the event under (docs/analytics.md).
 */
import type { ProviderBConfig } from "./config.js";
import { clip } from "./clip.js";
import { eventData } from "./event-data.js";
import { visitorIp } from "./ip.js";
import type { EventFacts, OutgoingRequest } from "./types.js";
import type { Visitor } from "./visitor.js";
import { GENERATOR } from "../version.js";

export const PROVIDER_B_BOT_UA = `${GENERATOR} (+analytics)`;
export const MAX_PROPERTIES_LENGTH = 2048;

/** Rybbit's field limits (its tracking schema). */
const LIMITS = {
  hostname: 253,
  pathname: 2048,
  querystring: 2048,
  referrer: 2048,
  page_title: 512,
  event_name: 256,
  user_agent: 512,
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
    querystring: visitor.query ? clip(`?${visitor.query}`, LIMITS.querystring) : "",
    referrer: clip(visitor.referrer, LIMITS.referrer),
    language: visitor.language,
    anonymous_id: crypto.randomUUID(),
  };
  if (facts.title && facts.kind === "pageview")
    body.page_title = clip(facts.title, LIMITS.page_title);
  if (name !== "pageview") {
    body.event_name = name.slice(0, LIMITS.event_name);
    body.properties = fitProperties(eventData(facts, visitor));
  }
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": visitor.bot.bot ? PROVIDER_B_BOT_UA : visitor.userAgent,
  };
  if (config.collectionKey) {
    headers.authorization = `Bearer ${config.collectionKey}`;
    if (!visitor.bot.bot) body.user_agent = clip(visitor.userAgent, LIMITS.user_agent);
    const ip = visitorIp(visitor.clientIp, "truncated");
    if (ip !== undefined) body.ip_address = ip;
  }
  return {
    provider: "provider_b",
    event: name,
    url: config.endpoint,
    method: "POST",
    headers,
    body: JSON.stringify(body),
  };
}

/** JSON of the data, dropping the lowest-priority keys until it fits in 2048 characters. */
export function fitProperties(data: [string, string | number][]): string {
  for (let n = data.length; n > 0; n--) {
    const json = JSON.stringify(Object.fromEntries(data.slice(0, n)));
    if (json.length <= MAX_PROPERTIES_LENGTH) return json;
  }
  return "{}";
}
