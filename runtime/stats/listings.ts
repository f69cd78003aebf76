/**
 * The listings of the stats index and the keys that order them (docs/stats.md). All listings
 * form one sequence sorted by key `<listing> <inner key>`: the listing id never holds a space or
 * anything below it, so the sequence is ordered by listing, then by inner key. The inner key is
 * the normalised slug, or for the two schedule listings the UTC time then the normalised slug.
 */
import { foldCase } from "../case-fold.js";
import { normalizePath } from "../normalize.js";
import { LINK_STATES, type LinkKind, type LinkState, type StatsRow } from "../contract/index.js";
import { KIND_CODES, nameOf, type StatsLink } from "./rows.js";
import { placeholderKeyOf } from "../placeholders.js";

export const ALL = "all";
/** Active exact links with a start, by start time; the same with an end, by end time. */
export const STARTS = "starts";
export const ENDS = "ends";
export type EventListing = typeof STARTS | typeof ENDS;

export type Facet = "state" | "kind" | "owner" | "tag";

/** The listing of one filter value. Owners and tags are compared as the index keeps them. */
export function facetListing(facet: Facet, value: string): string {
  const shown = facet === "owner" || facet === "tag" ? nameOf(value) : value;
  return `${facet}:${encodeURIComponent(shown)}`;
}

/** The facet listings a link belongs to (besides `all`). */
export function facetListingsOf(link: StatsLink): string[] {
  const out = [facetListing("state", link.state), facetListing("kind", link.kind)];
  if (link.owner !== undefined) out.push(facetListing("owner", link.owner));
  for (const tag of link.tags ?? []) out.push(facetListing("tag", tag));
  return out;
}

/** Which rows belong to a facet listing (how a dense listing is read out of `all`). */
export function rowFilter(listing: string): (row: StatsRow) => boolean {
  const colon = listing.indexOf(":");
  const facet = listing.slice(0, colon);
  const value = decodeURIComponent(listing.slice(colon + 1));
  switch (facet) {
    case "state": {
      const state = LINK_STATES.indexOf(value as LinkState);
      return (row) => row[4] === state;
    }
    case "kind": {
      const kind = Object.hasOwn(KIND_CODES, value) ? KIND_CODES[value as LinkKind] : -1;
      return (row) => row[1] === kind;
    }
    case "owner":
      return (row) => row[8] === value;
    case "tag":
      return (row) => Array.isArray(row[9]) && row[9].includes(value);
    default:
      return () => false;
  }
}

/**
 * The normalised slug: the lookup key (case folded unless the site is case-sensitive), a splat
 * with its `/*` (`gh/*`; the catch-all `*`), a placeholder link's pattern (`issue/:id`), so a
 * prefix search matches what an editor types.
 */
export function sortKeyOf(slug: string, caseSensitive: boolean): string {
  const pattern = placeholderKeyOf(slug, caseSensitive);
  if (pattern !== null) return pattern;
  const splat = slug === "*" || slug.endsWith("/*");
  // A trailing slash (trailing_slash: strict) is part of an exact link's key.
  const slash = !splat && slug.length > 1 && slug.endsWith("/") ? "/" : "";
  const body = slug === "*" ? "" : splat ? slug.slice(0, -2) : slug;
  const normalized = normalizePath("/" + body, caseSensitive);
  return sortKeyOfKey(splat ? "splat" : "exact", (normalized.ok ? normalized.key : body) + slash);
}

/** The same from a link's lookup key (the compiler's validated `key`, normalised the same way). */
export function sortKeyOfKey(kind: LinkKind, key: string): string {
  if (kind !== "splat") return key;
  return key === "" ? "*" : key + "/*";
}

/** A schedule time as the schedule listings sort it: UTC, fixed width. */
export function eventTime(iso: string): string {
  return new Date(Date.parse(iso)).toISOString();
}

/** The inner key of `row` in `listing`. */
export function innerKey(listing: string, row: StatsRow, caseSensitive: boolean): string {
  const key = sortKeyOf(row[0], caseSensitive);
  if (listing !== STARTS && listing !== ENDS) return key;
  const schedule = row[7] || undefined;
  const at = listing === STARTS ? schedule?.start : schedule?.end;
  return `${at === undefined ? "" : eventTime(at)} ${key}`;
}

export const entryKey = (listing: string, inner: string): string => `${listing} ${inner}`;

/**
 * A prefix as typed, in the form of the keys it matches: NFC, case folded unless the site is
 * case-sensitive, without leading slashes. Null when it cannot be part of a slug.
 */
export function normalizePrefix(prefix: string, caseSensitive: boolean): string | null {
  if (/[\u0000-\u0020\u007f-\u009f\\?#]/.test(prefix)) return null;
  const trimmed = prefix.replace(/^\/+/, "").normalize("NFC");
  return caseSensitive ? trimmed : foldCase(trimmed);
}
