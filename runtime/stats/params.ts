/**
 * The query parameters of the operator APIs, checked strictly: an unknown, repeated or malformed
 * parameter is a 400 with a short reason, never a 500 and never silently ignored.
 */
import { LINK_STATES, MAX_SLUG_LENGTH, type LinkState } from "../contract/index.js";
import { MAX_CURSOR_LENGTH } from "./cursor.js";
import { KIND_CODES } from "./rows.js";
import {
  ENDS,
  STARTS,
  facetListing,
  normalizePrefix,
  type EventListing,
  type Facet,
} from "./listings.js";

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** Longest owner or tag a filter takes (the index compares the first STATS_NAME_MAX). */
const MAX_FILTER_LENGTH = 1_000;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });
const quoted = (name: string) => JSON.stringify(name.length > 40 ? name.slice(0, 40) + "…" : name);

/** The parameters as a map, or the first unknown or repeated name. */
export function paramsOf(
  search: URLSearchParams,
  allowed: readonly string[],
): Parsed<Map<string, string>> {
  const params = new Map<string, string>();
  for (const [name, value] of search) {
    if (!allowed.includes(name)) return fail(`unknown parameter ${quoted(name)}`);
    if (params.has(name)) return fail(`parameter ${quoted(name)} is given more than once`);
    params.set(name, value);
  }
  return { ok: true, value: params };
}

export function limitOf(text: string | undefined, fallback: number, max: number): Parsed<number> {
  if (text === undefined) return { ok: true, value: fallback };
  const limit = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
  if (!(limit >= 1 && limit <= max)) return fail(`limit must be a whole number from 1 to ${max}`);
  return { ok: true, value: limit };
}

/** Refused when a cursor is signed for another build, altered, or not one at all. */
export const NOT_OUR_CURSOR =
  "cursor is not one this API returned for this deployment: start again without it";

/** The cursor's text, checked for size; its signature and query are checked by the API. */
function cursorOf(text: string | undefined): Parsed<string | undefined> {
  if (text === undefined) return { ok: true, value: undefined };
  return text.length <= MAX_CURSOR_LENGTH ? { ok: true, value: text } : fail(NOT_OUR_CURSOR);
}

export interface LinksQuery {
  /** `all` or the listing of the one filter. */
  listing: string;
  prefix: string;
  cursor?: string;
  limit: number;
}

const FACETS: readonly Facet[] = ["state", "kind", "owner", "tag"];

export function parseLinksQuery(
  search: URLSearchParams,
  caseSensitive: boolean,
  limits: { fallback: number; max: number },
): Parsed<LinksQuery> {
  const params = paramsOf(search, ["prefix", "cursor", "limit", ...FACETS]);
  if (!params.ok) return params;
  const get = (name: string) => params.value.get(name);
  const limit = limitOf(get("limit"), limits.fallback, limits.max);
  if (!limit.ok) return limit;
  const cursor = cursorOf(get("cursor"));
  if (!cursor.ok) return cursor;
  const rawPrefix = get("prefix") ?? "";
  const prefix =
    rawPrefix.length <= MAX_SLUG_LENGTH + 2 ? normalizePrefix(rawPrefix, caseSensitive) : null;
  if (prefix === null)
    return fail(`prefix must be the start of a slug (at most ${MAX_SLUG_LENGTH} characters)`);
  const filters = FACETS.filter((facet) => params.value.has(facet));
  if (filters.length > 1) return fail(`filter by one of ${FACETS.join(", ")} at a time`);
  const listing = filters.length === 0 ? "all" : facetOf(filters[0], get(filters[0]) ?? "");
  if (listing === null) return fail(`${filters[0]} has no such value`);
  return {
    ok: true,
    value: {
      listing,
      prefix,
      limit: limit.value,
      ...(cursor.value ? { cursor: cursor.value } : {}),
    },
  };
}

function facetOf(facet: Facet, value: string): string | null {
  if (facet === "state" && !(LINK_STATES as readonly string[]).includes(value)) return null;
  if (facet === "kind" && !Object.hasOwn(KIND_CODES, value)) return null;
  if (value === "" || value.length > MAX_FILTER_LENGTH) return null;
  return facetListing(facet, facet === "state" ? (value as LinkState) : value);
}

export interface EventsQuery {
  listing: EventListing;
  /** UTC ISO time: events at or after it. */
  from: string;
  /** Whether `from` was given (else it is now, or the time a cursor was made for). */
  fromGiven: boolean;
  cursor?: string;
  limit: number;
}

export function parseEventsQuery(
  search: URLSearchParams,
  now: Date,
  limits: { fallback: number; max: number },
): Parsed<EventsQuery> {
  const params = paramsOf(search, ["type", "from", "cursor", "limit"]);
  if (!params.ok) return params;
  const get = (name: string) => params.value.get(name);
  const type = get("type") ?? "start";
  if (type !== "start" && type !== "end") return fail("type must be start or end");
  const fromText = get("from");
  const from = fromText === undefined ? now.getTime() : Date.parse(fromText);
  if (fromText !== undefined && !(ISO_TIME.test(fromText) && Number.isFinite(from)))
    return fail("from must be an ISO 8601 time with an offset, such as 2030-01-01T00:00:00Z");
  const limit = limitOf(get("limit"), limits.fallback, limits.max);
  if (!limit.ok) return limit;
  const cursor = cursorOf(get("cursor"));
  if (!cursor.ok) return cursor;
  return {
    ok: true,
    value: {
      listing: type === "start" ? STARTS : ENDS,
      from: new Date(from).toISOString(),
      fromGiven: fromText !== undefined,
      limit: limit.value,
      ...(cursor.value ? { cursor: cursor.value } : {}),
    },
  };
}
