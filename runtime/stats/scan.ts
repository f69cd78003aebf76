/**
 * One slice of a range of the stats index (docs/stats.md): the index and at most two pages per
 * call, whatever the size of the registry or of the range.
 *
 * A range is every entry whose key starts with `range`; a call starts at `from` (the range
 * itself, or a cursor) and returns up to `limit` entries in key order, and `next`, where the
 * following call starts. A dense listing is read out of `all`: only its rows are kept, and the
 * index's per-page counts let a call skip pages that hold none.
 */
import type { StatsPage, StatsRow } from "../contract/index.js";
import { rowFilter } from "./listings.js";
import { keyAt, lowerBound, pageOf } from "./page-search.js";
import type { LoadedIndex, OperatorFiles } from "./store.js";

/** Pages one call may read (the index is the third file). */
export const PAGE_READS = 2;
/** Sorts above every key that starts with a given range (no key holds U+FFFF). */
const RANGE_END = "\uffff";

export interface RangeQuery {
  range: string;
  from: string;
  limit: number;
  /** Slot in `index.dense` when the listing is read out of `all`. */
  dense?: number;
}

export interface Slice {
  entries: { row: StatsRow; files: string[] }[];
  next: string | null;
  /** The page `from` falls in, and where `from` lies in the whole sequence. */
  page: number;
  rank: number;
}

export class RangeReader {
  private readonly read = new Map<number, StatsPage>();

  constructor(
    private readonly files: OperatorFiles,
    readonly index: LoadedIndex,
  ) {}

  /** A page, counted against the call's budget (a page read twice counts once). */
  async page(p: number): Promise<StatsPage> {
    const known = this.read.get(p);
    if (known) return known;
    if (this.read.size >= PAGE_READS) throw new Error("stats: page budget of the call exceeded");
    const page = await this.files.statsPage(p);
    this.read.set(p, page);
    return page;
  }

  private get budgetLeft(): number {
    return PAGE_READS - this.read.size;
  }

  private has(p: number): boolean {
    return this.read.has(p);
  }

  /** Rows [start, end) of `page` that lie in `range`. */
  inRange(page: StatsPage, range: string, start = 0): [number, number] {
    const cs = this.index.case_sensitive;
    const from = Math.max(start, lowerBound(page, range, cs));
    return [from, Math.max(from, lowerBound(page, range + RANGE_END, cs))];
  }

  /** The first page from `p` on whose first entry lies in `range` and that holds rows to keep. */
  nextPage(p: number, range: string, dense?: number): number {
    const { separators, empty } = this.index;
    for (; p < separators.length && separators.at(p).startsWith(range); p++)
      if (dense === undefined || !empty[dense].has(p)) return p;
    return -1;
  }

  async slice(query: RangeQuery): Promise<Slice> {
    const keep = query.dense === undefined ? undefined : rowFilter(this.index.dense[query.dense]);
    const cs = this.index.case_sensitive;
    const x = pageOf(this.index, query.from);
    const first = await this.page(x);
    const start = lowerBound(first, query.from, cs);
    const slice: Slice = {
      entries: [],
      next: null,
      page: x,
      rank: this.index.pages.starts[x] + start,
    };
    let p = x;
    let page = first;
    let from = start;
    for (;;) {
      const [a, b] = this.inRange(page, query.range, from);
      for (let i = a; i < b; i++) {
        const row = page.rows[i];
        if (keep && !keep(row)) continue;
        slice.entries.push({ row, files: page.files });
        if (slice.entries.length === query.limit) {
          slice.next =
            i + 1 < b || this.nextPage(p + 1, query.range, query.dense) >= 0
              ? keyAt(page, i, cs) + "\u0000"
              : null;
          return slice;
        }
      }
      if (b < page.rows.length) return slice;
      const q = this.nextPage(p + 1, query.range, query.dense);
      if (q < 0) return slice;
      if (!this.has(q) && this.budgetLeft === 0) {
        slice.next = this.index.separators.at(q);
        return slice;
      }
      p = q;
      page = await this.page(q);
      from = 0;
    }
  }
}

/**
 * How many entries `range` holds (of a dense listing: how many it keeps), for a call that starts
 * at the range itself: from the spans of the page it starts in when it runs past the next page,
 * else by counting in that page and the next.
 */
export async function rangeTotal(
  reader: RangeReader,
  range: string,
  dense: number | undefined,
): Promise<number> {
  const { index } = reader;
  const x = pageOf(index, range);
  const page = await reader.page(x);
  if (page.spans.anchor.startsWith(range)) {
    const span = page.spans.counts.find((c) => c[0] === range.length);
    if (span) return dense === undefined ? span[1] : span[2 + dense];
  }
  const keep = dense === undefined ? undefined : rowFilter(index.dense[dense]);
  const count = (p: StatsPage, [a, b]: [number, number]) => {
    if (!keep) return b - a;
    let n = 0;
    for (let i = a; i < b; i++) if (keep(p.rows[i])) n++;
    return n;
  };
  const here = reader.inRange(page, range);
  let total = count(page, here);
  const next = x + 1;
  const continues = here[1] === page.rows.length && next < index.separators.length;
  if (!continues || !index.separators.at(next).startsWith(range)) return total;
  if (dense !== undefined && index.empty[dense].has(next)) return total;
  const following = await reader.page(next);
  total += count(following, reader.inRange(following, range));
  return total;
}

/** Where `key` lies in the whole sequence (reads the page it falls in). */
export async function rankOf(reader: RangeReader, key: string): Promise<number> {
  const p = pageOf(reader.index, key);
  const page = await reader.page(p);
  return reader.index.pages.starts[p] + lowerBound(page, key, reader.index.case_sensitive);
}
