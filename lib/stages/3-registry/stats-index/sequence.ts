/**
 * The one sorted sequence the stats pages hold (docs/stats.md): `all`, a copy for every facet
 * value but the dense ones (more than half the links: the runtime reads those out of `all`), and
 * the two schedule listings. Listings are ordered by id, entries within one by inner key.
 */
import {
  STATS_DENSE_MAX,
  STATS_PAGE_SCHEMA,
  type LinkRecord,
  type StatsPage,
  type StatsRow,
} from "../../../../runtime/contract/index.js";
import {
  ALL,
  ENDS,
  STARTS,
  eventTime,
  facetListingsOf,
  sortKeyOfKey,
} from "../../../../runtime/stats/listings.js";
import { statsLinkOf, type StatsLink } from "../../../../runtime/stats/rows.js";
import { assetSchemaProblems } from "../../4-assets/asset-schemas.js";
import { emptyRowTexts, putRowText, type RowTexts } from "./page-text.js";

export interface Listing {
  id: string;
  /** Indices into `Sequence.links`, in key order. */
  members: number[];
  /** The inner key of each member. */
  inner: string[];
  /** Position of the first member in the whole sequence. */
  offset: number;
}

const NO_SPANS: StatsPage["spans"] = { anchor: "", counts: [] };

/** Rows checked against the page schema at once (SL330): one page object per this many links. */
const CHECK_ROWS = 512;

/**
 * Checks the rows of links `end - rows.length` to `end` against the stats page schema's row (the
 * self-check, SL330, of each link's row), marks those that fail in `failed`, and empties `rows`.
 */
function markFailed(rows: StatsRow[], end: number, failed: Uint8Array): void {
  const page: StatsPage = {
    schema: STATS_PAGE_SCHEMA,
    files: [],
    groups: [],
    rows,
    spans: NO_SPANS,
  };
  const start = end - rows.length;
  for (const problem of assetSchemaProblems(page)) {
    const row = /^rows\.(\d+)/.exec(problem);
    if (row) failed[start + Number(row[1])] = 1;
    else failed.fill(1, start, end);
  }
  rows.length = 0;
}

/** One link of a combination of facet values, and how many links have those values. */
export interface Combination {
  link: StatsLink;
  count: number;
}

export interface Sequence {
  /**
   * Every link's stats row (page-text.ts), sorted by normalised slug (the order of `all`): a
   * link's fields are kept as this text only, not as an object beside it.
   */
  rows: RowTexts;
  /**
   * 1 for a link whose row fails the page schema's row (a compiler bug): the self-check (SL330)
   * reads the rows of its page again, to report it where the page has it.
   */
  failed: Uint8Array;
  /** How many links. */
  count: number;
  /** Each link's source file, as an index into `files`. */
  fileIds: Int32Array;
  files: string[];
  /** Links whose free text was cut, with the fields. */
  cuts: { link: LinkRecord; fields: string[] }[];
  /**
   * One link of each combination of facet values (state, kind, owner and tags), and how many
   * links have it: the index's counts add these up instead of walking every link again.
   */
  combinations: Combination[];
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
  // The validated key is the slug normalised as the runtime's sortKeyOf(slug) does. The links
  // are sorted as indices by their keys: no keyed copy of every record.
  const sortKeys = records.map((record) => sortKeyOfKey(record.kind, record.key));
  const order = Array.from(sortKeys, (_, i) => i);
  order.sort((a, b) => compare(sortKeys[a], sortKeys[b]));
  const rows = emptyRowTexts(order.length);
  const failed = new Uint8Array(order.length);
  const checks: StatsRow[] = [];
  const keys = new Array<string>(order.length);
  const fileIds = new Int32Array(order.length);
  const files: string[] = [];
  const fileIdOf = new Map<string, number>();
  const cuts: Sequence["cuts"] = [];
  const events = { [STARTS]: [] as Event[], [ENDS]: [] as Event[] };
  // Links share a few values: their listings are worked out once per combination.
  const facets = new Map<string, number[]>();
  const byValues = new Map<string, Combination & { members: number[][] }>();
  for (let i = 0; i < order.length; i++) {
    const record = records[order[i]];
    const { link, cut } = statsLinkOf(record);
    checks.push(putRowText(rows, i, link));
    if (checks.length === CHECK_ROWS || i === order.length - 1) markFailed(checks, i + 1, failed);
    keys[i] = sortKeys[order[i]];
    if (cut.length > 0) cuts.push({ link: record, fields: cut });
    let file = fileIdOf.get(link.file);
    if (file === undefined) fileIdOf.set(link.file, (file = files.push(link.file) - 1));
    fileIds[i] = file;
    const values = facetValuesKey(link);
    let known = byValues.get(values);
    if (!known) {
      const members = facetListingsOf(link).map((id) => {
        let listing = facets.get(id);
        if (!listing) facets.set(id, (listing = []));
        return listing;
      });
      byValues.set(values, (known = { link, count: 0, members }));
    }
    known.count++;
    for (const members of known.members) members.push(i);
    if (link.state === "active" && link.kind === "exact" && link.schedule) {
      const { start, end } = link.schedule;
      if (start !== undefined) events[STARTS].push({ i, inner: `${eventTime(start)} ${keys[i]}` });
      if (end !== undefined) events[ENDS].push({ i, inner: `${eventTime(end)} ${keys[i]}` });
    }
  }
  const combinations = [...byValues.values()].map(({ link, count }) => ({ link, count }));
  const count = order.length;
  const denseIds = [...facets]
    .filter(([, members]) => members.length * 2 > count)
    .sort((a, b) => b[1].length - a[1].length || compare(a[0], b[0]))
    .slice(0, STATS_DENSE_MAX)
    .map(([id]) => id)
    .sort(compare);
  const dense = denseIds.map((id) => {
    const before = new Int32Array(count + 1);
    for (const i of facets.get(id) ?? []) before[i + 1] = 1;
    for (let i = 1; i <= count; i++) before[i] += before[i - 1];
    facets.delete(id);
    return { id, before };
  });

  const drafts: Omit<Listing, "offset">[] = [
    { id: ALL, members: Array.from(keys, (_, i) => i), inner: keys },
    ...[...facets].map(([id, members]) => ({ id, members, inner: members.map((i) => keys[i]) })),
    eventListing(STARTS, events[STARTS]),
    eventListing(ENDS, events[ENDS]),
  ];
  drafts.sort((a, b) => compare(a.id, b.id));
  let offset = 0;
  const listings = drafts.map((draft) => {
    const listing = { ...draft, offset };
    offset += draft.members.length;
    return listing;
  });
  return {
    rows,
    failed,
    count,
    fileIds,
    files,
    cuts,
    combinations,
    listings,
    dense,
    length: offset,
  };
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

/** An active exact link with a bound of its schedule, and its key in that bound's listing. */
interface Event {
  i: number;
  inner: string;
}

/** Active exact links with that bound of their schedule, by time then slug. */
function eventListing(id: typeof STARTS | typeof ENDS, entries: Event[]): Omit<Listing, "offset"> {
  entries.sort((a, b) => compare(a.inner, b.inner));
  return { id, members: entries.map((e) => e.i), inner: entries.map((e) => e.inner) };
}
