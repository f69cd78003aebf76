/**
 * The one sorted sequence the stats pages hold (docs/stats.md): `all`, a copy for every facet
 * value but the dense ones (more than half the links: the runtime reads those out of `all`), and
 * the two schedule listings. Listings are ordered by id, entries within one by inner key.
 */
import {
  STATS_PAGE_SCHEMA,
  type LinkRecord,
  type StatsPage,
  type StatsRow,
} from "../../../../runtime/contract/index.js";
import { ALL, ENDS, STARTS, eventTime, sortKeyOfKey } from "../../../../runtime/stats/listings.js";
import { statsLinkOf } from "../../../../runtime/stats/rows.js";
import { assetSchemaProblems } from "../../4-assets/asset-schemas.js";
import { emptyRowTexts, putRowText, type RowTexts } from "./page-text.js";
import { FacetCombinations, facetListings, type Combination } from "./facets.js";

export type { Combination };

export interface Listing {
  id: string;
  /** Indices into the sequence's links, in key order. */
  members: Int32Array;
  /** The inner key of member `m`. */
  innerAt: (m: number) => string;
  /** Position of the first member in the whole sequence. */
  offset: number;
}

const NO_SPANS: StatsPage["spans"] = { anchor: "", counts: [] };

/** Rows checked against the page schema at once (SL330): one page object per this many links. */
const CHECK_ROWS = 512;

/**
 * Checks `rows` against the stats page schema's row (the self-check, SL330, of each link's row),
 * marks those that fail in `failed` at their positions (`at[r]`: row r's), and empties both.
 */
function markFailed(rows: StatsRow[], at: number[], failed: Uint8Array): void {
  const page: StatsPage = {
    schema: STATS_PAGE_SCHEMA,
    files: [],
    groups: [],
    rows,
    spans: NO_SPANS,
  };
  for (const problem of assetSchemaProblems(page)) {
    const row = /^rows\.(\d+)/.exec(problem);
    if (row) failed[at[Number(row[1])]] = 1;
    else for (const i of at) failed[i] = 1;
  }
  rows.length = 0;
  at.length = 0;
}

export interface Sequence {
  /**
   * Every link's stats row (page-text.ts), sorted by normalised slug (the order of `all`): a
   * link's fields are kept as this text only, not as an object beside it. Built to measure the
   * pages (`keepTexts` false), the texts are not kept: only their places and lengths.
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
  cuts: { link: LinkRecord; fields: readonly string[] }[];
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

/**
 * The indices of `unsorted` in key order, equal keys in index order. Indices are sorted, not a
 * keyed copy of every record; the keys compared are copies read back from one JSON text, side by
 * side in memory: a record's own key (a slice of its CSV source's text, or a string of its own)
 * lies far from the next, and comparing those took twice as long (docs/performance.md, "Round
 * five: the stats index"). The copies are let go once sorted: a key is read again from `unsorted`
 * only at a page's edge (docs/performance.md, "The stats keys read where they are").
 */
export function keyOrder(unsorted: readonly string[]): Int32Array {
  const copies = JSON.parse(JSON.stringify(unsorted)) as string[];
  const order = Array.from(copies, (_, i) => i);
  order.sort((a, b) => compare(copies[a], copies[b]));
  return Int32Array.from(order);
}

/**
 * The links are walked in their own order, each placed at its position in key order: the records
 * lie in memory about in their own order, and reading them in key order instead (scattered over
 * the heap) made their rows half again as dear (docs/performance.md, "Round seven: the registry,
 * the stats index and the writes"). What comes out is the same: every field is indexed by
 * position, and the few lists made in walk order are put in key order.
 */
export function buildSequence(records: readonly LinkRecord[], keepTexts = true): Sequence {
  // The validated key is the slug normalised as the runtime's sortKeyOf(slug) does.
  const keys = records.map((r) => sortKeyOfKey(r.kind, r.key));
  const order = keyOrder(keys);
  const count = order.length;
  const positionOf = new Int32Array(count);
  for (let i = 0; i < count; i++) positionOf[order[i]] = i;
  const rows = emptyRowTexts(count);
  const failed = new Uint8Array(count);
  const checks: StatsRow[] = [];
  const checked: number[] = [];
  const fileIds = new Int32Array(count);
  const files: string[] = [];
  const fileIdOf = new Map<string, number>();
  const cuts: (Sequence["cuts"][number] & { i: number })[] = [];
  const events = { [STARTS]: [] as Event[], [ENDS]: [] as Event[] };
  const facets = new FacetCombinations(count);
  for (let j = 0; j < count; j++) {
    const record = records[j];
    const i = positionOf[j];
    const { link, cut } = statsLinkOf(record);
    checks.push(putRowText(rows, i, link, keepTexts));
    checked.push(i);
    if (checks.length === CHECK_ROWS || j === count - 1) markFailed(checks, checked, failed);
    if (cut.length > 0) cuts.push({ i, link: record, fields: cut });
    let file = fileIdOf.get(link.file);
    if (file === undefined) fileIdOf.set(link.file, (file = files.push(link.file) - 1));
    fileIds[i] = file;
    facets.add(i, link);
    if (link.state === "active" && link.kind === "exact" && link.schedule) {
      const { start, end } = link.schedule;
      if (start !== undefined) events[STARTS].push({ i, inner: `${eventTime(start)} ${keys[j]}` });
      if (end !== undefined) events[ENDS].push({ i, inner: `${eventTime(end)} ${keys[j]}` });
    }
  }
  cuts.sort((a, b) => a.i - b.i);
  const combinations = facets.known.map(({ link, count }) => ({ link, count }));
  const { listings: sparse, dense } = facetListings(facets);
  // The key at a position, from the link's own (`order`: the link at each position).
  const keyOf = (members: Int32Array) => (m: number) => keys[order[members[m]]];
  const all = new Int32Array(count);
  for (let i = 0; i < count; i++) all[i] = i;
  const drafts: Omit<Listing, "offset">[] = [
    { id: ALL, members: all, innerAt: (m) => keys[order[m]] },
    ...sparse.map(({ id, members }) => ({ id, members, innerAt: keyOf(members) })),
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
    cuts: cuts.map(({ link, fields }) => ({ link, fields })),
    combinations,
    listings,
    dense,
    length: offset,
  };
}

/** An active exact link with a bound of its schedule, and its key in that bound's listing. */
interface Event {
  i: number;
  inner: string;
}

/** Active exact links with that bound of their schedule, by time then slug (then position). */
function eventListing(id: typeof STARTS | typeof ENDS, entries: Event[]): Omit<Listing, "offset"> {
  entries.sort((a, b) => compare(a.inner, b.inner) || a.i - b.i);
  const inner = entries.map((e) => e.inner);
  return { id, members: Int32Array.from(entries, (e) => e.i), innerAt: (m) => inner[m] };
}
