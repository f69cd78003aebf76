/**
 * Cuts the sequence into pages of at most STATS_PAGE_MAX_BYTES of JSON, and picks each page's
 * separator for the index: the shortest prefix of its first key above the previous page's last.
 */
import { STATS_PAGE_MAX_BYTES } from "../../../../runtime/contract/index.js";
import { entryKey } from "../../../../runtime/stats/listings.js";
import type { Listing, Sequence } from "./sequence.js";
import { utf8Bytes } from "./utf8-bytes.js";

export { utf8Bytes };

/** Room kept in every page for its spans (a few prefix counts; SL351 reports a page past it). */
export const SPANS_RESERVE_BYTES = 2 * 1024;
/** The page's schema, keys and brackets. */
const PAGE_BASE_BYTES = 128;
/** A row's file index is counted as this many digits while sizing. */
const FILE_INDEX_DIGITS = 4;

/** A page: the sequence positions [start, end). */
export interface PageRange {
  start: number;
  end: number;
}

/** The full key of the entry at `position`. */
export function keyAt(sequence: Sequence, position: number): string {
  const listing = listingAt(sequence, position);
  return entryKey(listing.id, listing.innerAt(position - listing.offset));
}

export function listingAt(sequence: Sequence, position: number): Listing {
  const { listings } = sequence;
  let lo = 0;
  let hi = listings.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (listings[mid].offset <= position) lo = mid;
    else hi = mid - 1;
  }
  return listings[lo];
}

/** Page budgets: the contract's, or smaller ones so tests see many pages with few links. */
export interface PageBudget {
  pageBytes: number;
  spansReserve: number;
}

export const PAGE_BUDGET: PageBudget = {
  pageBytes: STATS_PAGE_MAX_BYTES,
  spansReserve: SPANS_RESERVE_BYTES,
};

/**
 * `textBytes[i]`: the UTF-8 length of link i's row without its file index (page-text.ts); each
 * row is counted with a file index of FILE_INDEX_DIGITS and the comma after it.
 */
export function paginate(
  sequence: Sequence,
  textBytes: Int32Array,
  limits: PageBudget = PAGE_BUDGET,
): PageRange[] {
  const rowBytes = textBytes.map((bytes) => bytes + FILE_INDEX_DIGITS + 1);
  const fileBytes = sequence.files.map((file) => utf8Bytes(JSON.stringify(file)) + 1);
  // The page each file was last counted in.
  const fileIn = new Int32Array(sequence.files.length).fill(-1);
  const budget = limits.pageBytes - PAGE_BASE_BYTES - limits.spansReserve;
  const pages: PageRange[] = [];
  let start = 0;
  let bytes = 0;
  let position = 0;
  for (const listing of sequence.listings) {
    const groupBytes = utf8Bytes(JSON.stringify(listing.id)) + 12;
    for (let m = 0; m < listing.members.length; m++, position++) {
      const link = listing.members[m];
      const file = sequence.fileIds[link];
      let cost = rowBytes[link];
      if (m === 0) cost += groupBytes;
      if (fileIn[file] !== pages.length) cost += fileBytes[file];
      if (position > start && bytes + cost > budget) {
        pages.push({ start, end: position });
        start = position;
        bytes = 0;
        cost = rowBytes[link] + groupBytes + fileBytes[file];
      }
      bytes += cost;
      fileIn[file] = pages.length;
    }
  }
  if (sequence.length > start || pages.length === 0) pages.push({ start, end: sequence.length });
  return pages;
}

/** The shortest prefix of `next` that sorts above `previous` (which sorts below `next`). */
export function separator(previous: string, next: string): string {
  let common = 0;
  while (common < previous.length && previous[common] === next[common]) common++;
  return next.slice(0, common + 1);
}

export function separators(sequence: Sequence, pages: readonly PageRange[]): string[] {
  return pages.map((page, p) =>
    p === 0 ? "" : separator(keyAt(sequence, page.start - 1), keyAt(sequence, page.start)),
  );
}
