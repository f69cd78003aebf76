/** Everything analytics reads from the visitor's request, read once per event. */
import { edgeMetadata } from "../env.js";
import { detectBot, type BotVerdict } from "./bot.js";

export interface Visitor {
  hostname: string;
  /** Path as requested (still percent-encoded), for example `/docs`. */
  pathname: string;
  /** The query without its `?`; empty when none. */
  query: string;
  searchParams: URLSearchParams;
  /** Origin and path of the Referer; its query and fragment are dropped (they may carry tokens). */
  referrer: string;
  /** The first Accept-Language tag, for example `fr-CH`; empty when none. */
  language: string;
  userAgent: string;
  bot: BotVerdict;
  /** CF-Connecting-IP as the edge supplied it. */
  clientIp: string | null;
  country?: string;
  colo?: string;
  correlationId: string;
}

export function readVisitor(request: Request): Visitor {
  const url = new URL(request.url);
  const headers = request.headers;
  const userAgent = headers.get("user-agent") ?? "";
  const edge = edgeMetadata(request);
  return {
    hostname: url.hostname,
    pathname: url.pathname,
    query: url.search.slice(1),
    searchParams: url.searchParams,
    referrer: cleanReferrer(headers.get("referer")),
    language: firstLanguage(headers.get("accept-language")),
    userAgent,
    bot: detectBot(userAgent),
    clientIp: headers.get("cf-connecting-ip"),
    country: edge.country,
    colo: edge.colo,
    correlationId: correlationId(request),
  };
}

/** The `cf-ray` header, or a fresh UUID where the edge gave none. */
export function correlationId(request: Request): string {
  return request.headers.get("cf-ray") || crypto.randomUUID();
}

export function firstLanguage(header: string | null): string {
  const tag = (header ?? "").split(",")[0].split(";")[0].trim();
  return /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) ? tag : "";
}

function cleanReferrer(header: string | null): string {
  if (!header) return "";
  try {
    const url = new URL(header);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "";
    return url.origin + url.pathname;
  } catch {
    return "";
  }
}
