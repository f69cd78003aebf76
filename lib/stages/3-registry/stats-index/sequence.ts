/**
 * The one sorted sequence the stats pages hold (docs/stats.md): `all`, a copy for every facet
 * value but the dense ones (more than half the links: the runtime reads those out of `all`), and
 * the two schedule listings. Listings are ordered by id, entries within one by inner key.
 */
import { STATS_DENSE_MAX, type LinkRecord } from "../../../../runtime/contract/index.js";
import {
  ALL,
  ENDS,
  STARTS,
  eventTime,
  facetListingsOf,
  sortKeyOfKey,
} from "../../../../runtime/stats/listings.js";
import { statsLinkOf, type StatsLink } from "../../../../runtime/stats/rows.js";

export interface Listing {
  id: string;
  /** Indices into `Sequence.links`, in key order. */
  members: number[];
  /** The inner key of each member. */
  inner: string[];
  /** Position of the first member in the whole sequence. */
  offset: number;
}

export interface Sequence {
  /** Every link as the index shows it, sorted by normalised slug (the order of `all`). */
  links: StatsLink[];
  /** Links whose free text was cut, with the fields. */
  cuts: { link: LinkRecord; fields: string[] }[];
  listings: Listing[];
  /**
   * Facet listings served from `all`, each with `before[i]`: how many of the first i links of
   * `all` it holds.
   */
  dense: { id: string; before: Int32Array }[];
  length: number;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function buildSequence(records: readonly LinkRecord[]): Sequence {
  // The validated key is the slug normalised as the runtime's sortKeyOf(slug) does.
  const keyed = records.map((record) => ({
    record,
    ...statsLinkOf(record),
    key: sortKeyOfKey(record.kind, record.key),
  }));
  keyed.sort((a, b) => compare(a.key, b.key));
  const links = keyed.map((k) => k.link);
  const keys = keyed.map((k) => k.key);
  const cuts = keyed
    .filter((k) => k.cut.length > 0)
    .map((k) => ({ link: k.record, fields: k.cut }));

  const facets = new Map<string, number[]>();
  const ids = new Map<string, string[]>();
  links.forEach((link, i) => {
    // Links share a few values: their listing ids are worked out once per combination.
    const values = facetValuesKey(link);
    let listings = ids.get(values);
    if (!listings) ids.set(values, (listings = facetListingsOf(link)));
    for (const id of listings) {
      const members = facets.get(id);
      if (members) members.push(i);
      else facets.set(id, [i]);
    }
  });
  const denseIds = [...facets]
    .filter(([, members]) => members.length * 2 > links.length)
    .sort((a, b) => b[1].length - a[1].length || compare(a[0], b[0]))
    .slice(0, STATS_DENSE_MAX)
    .map(([id]) => id)
    .sort(compare);
  const dense = denseIds.map((id) => {
    const before = new Int32Array(links.length + 1);
    for (const i of facets.get(id) ?? []) before[i + 1] = 1;
    for (let i = 1; i <= links.length; i++) before[i] += before[i - 1];
    facets.delete(id);
    return { id, before };
  });

  const drafts: Omit<Listing, "offset">[] = [
    { id: ALL, members: links.map((_, i) => i), inner: keys },
    ...[...facets].map(([id, members]) => ({ id, members, inner: members.map((i) => keys[i]) })),
    eventListing(STARTS, links, keys),
    eventListing(ENDS, links, keys),
  ];
  drafts.sort((a, b) => compare(a.id, b.id));
  let offset = 0;
  const listings = drafts.map((draft) => {
    const listing = { ...draft, offset };
    offset += draft.members.length;
    return listing;
  });
  return { links, cuts, listings, dense, length: offset };
}

/**
 * The facet values of a link as one key: a joined string, not a JSON text of them (that was 3% of
 * a large build, once per link). Joined by NUL, which no validated owner or tag holds; one that
 * did would fall back to JSON, so two links share a key only when they share the values.
 */
function facetValuesKey(link: StatsLink): string {
  const tags = link.tags ?? [];
  const text = link.owner === undefined ? "" : link.owner;
  if (text.includes("\0") || tags.some((tag) => tag.includes("\0")))
    return JSON.stringify([link.state, link.kind, link.owner, link.tags]);
  const owner = link.owner === undefined ? "-" : `+${text}`;
  return `${link.state}\0${link.kind}\0${owner}\0${tags.length}\0${tags.join("\0")}`;
}

/** Active exact links with that bound of their schedule, by time then slug. */
function eventListing(
  id: typeof STARTS | typeof ENDS,
  links: readonly StatsLink[],
  keys: readonly string[],
): Omit<Listing, "offset"> {
  const entries: { i: number; inner: string }[] = [];
  links.forEach((link, i) => {
    const at = id === STARTS ? link.schedule?.start : link.schedule?.end;
    if (link.state !== "active" || link.kind !== "exact" || at === undefined) return;
    entries.push({ i, inner: `${eventTime(at)} ${keys[i]}` });
  });
  entries.sort((a, b) => compare(a.inner, b.inner));
  return { id, members: entries.map((e) => e.i), inner: entries.map((e) => e.inner) };
}
