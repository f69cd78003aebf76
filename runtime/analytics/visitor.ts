/** Everything analytics reads from the visitor's request, read once per event. */
import { edgeMetadata } from "../env.js";
import { detectBot, type BotVerdict } from "./bot.js";
import { selectQuery, type QueryMode } from "./query.js";

/** Both providers store at most 35 characters of language (Umami's schema and column, Rybbit's schema). */
export const LANGUAGE_MAX = 35;

export interface Visitor {
  hostname: string;
  /** Scheme and host, for example `https://go.example.org`. */
  origin: string;
  /** Path as requested (still percent-encoded), for example `/docs`. */
  pathname: string;
  /** The query the providers may see (ANALYTICS_QUERY_MODE), without its `?`; empty when none. */
  query: string;
  /** Origin and path of the Referer; its query and fragment are dropped (they may carry tokens). */
  referrer: string;
  /** The first Accept-Language tag, at most LANGUAGE_MAX characters, for example `fr-CH`; empty when none. */
  language: string;
  userAgent: string;
  bot: BotVerdict;
  /** CF-Connecting-IP as the edge supplied it. */
  clientIp: string | null;
  country?: string;
  colo?: string;
  correlationId: string;
}

export function readVisitor(request: Request, queryMode: QueryMode): Visitor {
  const url = new URL(request.url);
  const headers = request.headers;
  const userAgent = headers.get("user-agent") ?? "";
  const edge = edgeMetadata(request);
  return {
    hostname: url.hostname,
    origin: url.origin,
    pathname: url.pathname,
    query: selectQuery(url.searchParams, queryMode),
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

/** A `cf-ray` value as Cloudflare writes it (hex and a colo code); anything else is not used. */
const RAY = /^[0-9A-Za-z-]{1,64}$/;
const ids = new WeakMap<Request, string>();

/**
 * The request's correlation id: the `cf-ray` header, or a fresh UUID where the edge gave none (or
 * sent something that is no ray id). One per request: the 404's `X-Correlation-ID` and reference
 * and the analytics event of the same request carry the same id.
 */
export function correlationId(request: Request): string {
  let id = ids.get(request);
  if (id === undefined) {
    const ray = request.headers.get("cf-ray") ?? "";
    id = RAY.test(ray) ? ray : crypto.randomUUID();
    ids.set(request, id);
  }
  return id;
}

const LANGUAGE_TAG = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;

/**
 * The first Accept-Language tag when it is well-formed, else empty. A tag longer than
 * LANGUAGE_MAX loses whole subtags from its end (`zh-Hant-TW-u-co-pinyin-x-private1-abc`
 * becomes `zh-Hant-TW-u-co-pinyin-x-private1`), so what remains is still a tag.
 */
export function firstLanguage(header: string | null): string {
  const tag = (header ?? "").split(",")[0].split(";")[0].trim();
  if (!LANGUAGE_TAG.test(tag)) return "";
  let cut = tag;
  while (cut.length > LANGUAGE_MAX) cut = cut.slice(0, cut.lastIndexOf("-"));
  return cut;
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
