/**
 * Fathom, as vanityURLs' worker sends it: `GET {FATHOM_ENDPOINT}` (default
 * https://cdn.usefathom.com/) with everything in the query: `h` (the short domain's origin), `p`
 * (the path), `r` (the referrer), `sid` (FATHOM_SITE_ID), `qs` (the kept query parameters as a
 * JSON object), `cid` (a random number, so no cache answers it); every event but a pageview adds
 * `name` and `payload` (the shared event data as JSON). The visitor's User-Agent goes along, a
 * bot's replaced by a browser's; no IP is sent. The query obeys ANALYTICS_QUERY_MODE as for A
 * and B, and each part is cut to a limit (docs/analytics.md, "Fathom").
 */
import type { FathomConfig } from "./config.js";
import { clip } from "./clip.js";
import { eventData } from "./event-data.js";
import { PROVIDER_A_FALLBACK_UA } from "./provider-a.js";
import { fitProperties, MAX_PROPERTIES_LENGTH } from "./provider-b.js";
import type { EventFacts, OutgoingRequest } from "./types.js";
import type { Visitor } from "./visitor.js";

/** Fathom counts no bot traffic, so a normalized bot event goes out under a browser's string. */
export const FATHOM_BOT_UA = PROVIDER_A_FALLBACK_UA;
/** `payload` and `qs`: JSON of at most this many characters, the last keys dropped to fit. */
export const MAX_FATHOM_PAYLOAD = MAX_PROPERTIES_LENGTH;
const MAX_URL_PART = 2048;
const MAX_NAME = 256;

export function buildFathom(
  config: FathomConfig,
  facts: EventFacts,
  visitor: Visitor,
): OutgoingRequest {
  const asBot = visitor.bot.bot && config.botMode === "normalize";
  const name = asBot ? "bot" : facts.kind;
  const url = new URL(config.endpoint);
  const params: [string, string][] = [
    ["h", clip(visitor.origin, MAX_URL_PART)],
    ["p", clip(visitor.pathname || "/", MAX_URL_PART)],
    ["r", clip(visitor.referrer, MAX_URL_PART)],
    ["sid", config.siteId],
    ["qs", fitProperties([...new URLSearchParams(visitor.query)])],
    ["cid", String((crypto.getRandomValues(new Uint32Array(1))[0] % 100_000_000) + 1)],
  ];
  if (name !== "pageview") {
    params.push(["name", name.slice(0, MAX_NAME)]);
    params.push(["payload", fitProperties(eventData(facts, visitor))]);
  }
  for (const [key, value] of params) url.searchParams.set(key, value);
  return {
    provider: "fathom",
    event: name,
    url: url.href,
    method: "GET",
    headers: { "user-agent": visitor.bot.bot ? FATHOM_BOT_UA : visitor.userAgent },
    body: "",
  };
}
