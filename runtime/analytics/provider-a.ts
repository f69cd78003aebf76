/**
 * Provider A speaks the Umami collection API: POST {endpoint} with
 * `{"type":"event","payload":{website, hostname, language, referrer, url, title?, name?, data?, ip?}}`.
 * Pageviews are native (no `name`, no `data`); every other event is named, with event data.
 * Every value fits Umami 3's schema and columns (docs/analytics.md, "Provider limits").
 */
import type { ProviderAConfig } from "./config.js";
import { clip } from "./clip.js";
import { eventData, MAX_KEY_LENGTH, MAX_VALUE_LENGTH } from "./event-data.js";
import { visitorIp } from "./ip.js";
import type { EventFacts, OutgoingRequest } from "./types.js";
import type { Visitor } from "./visitor.js";

/** Umami refuses bot User-Agents, so bot events go out under this ordinary browser string. */
export const PROVIDER_A_FALLBACK_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";

/** Umami's schema allows 100 characters of hostname; url, referrer and title fit 500-character columns. */
const MAX_HOSTNAME = 100;
const MAX_URL = 500;

export function buildProviderA(
  config: ProviderAConfig,
  facts: EventFacts,
  visitor: Visitor,
): OutgoingRequest {
  const asBot = visitor.bot.bot && config.botMode === "normalize";
  const name = asBot ? "bot" : facts.kind;
  const payload: Record<string, unknown> = {
    website: config.website,
    hostname: clip(visitor.hostname, MAX_HOSTNAME),
    language: visitor.language,
    referrer: clip(visitor.referrer, MAX_URL),
    url: clip(visitor.pathname + (visitor.query ? `?${visitor.query}` : ""), MAX_URL),
  };
  if (facts.title && facts.kind === "pageview") payload.title = clip(facts.title, MAX_VALUE_LENGTH);
  if (name !== "pageview") {
    payload.name = name.slice(0, MAX_KEY_LENGTH);
    payload.data = Object.fromEntries(eventData(facts, visitor));
  }
  const ip = visitorIp(visitor.clientIp, config.ipMode);
  if (ip !== undefined) payload.ip = ip;
  return {
    provider: "provider_a",
    event: name,
    url: config.endpoint,
    method: "POST",
    headers: {
      "content-type": "application/json",
      "user-agent": visitor.bot.bot ? PROVIDER_A_FALLBACK_UA : visitor.userAgent,
    },
    body: JSON.stringify({ type: "event", payload }),
  };
}
