/**
 * Cuts the sequence into pages of at most STATS_PAGE_MAX_BYTES of JSON, and picks each page's
 * separator for the index: the shortest prefix of its first key above the previous page's last.
 */
import { STATS_PAGE_MAX_BYTES } from "../../../../runtime/contract/index.js";
import { encodeRow } from "../../../../runtime/stats/rows.js";
import { entryKey } from "../../../../runtime/stats/listings.js";
import type { Listing, Sequence } from "./sequence.js";
import { jsonBytes } from "../../../shared/json-bytes.js";

/** Room kept in every page for its spans (a few prefix counts; SL351 reports a page past it). */
export const SPANS_RESERVE_BYTES = 2 * 1024;
/** The page's schema, keys and brackets. */
const PAGE_BASE_BYTES = 128;
/** A row's file index is written with at most this many digits while sizing. */
const FILE_INDEX_PLACEHOLDER = 9_999;

/** One entry of the sequence: listing and member. */
export interface Entry {
  listing: Listing;
  member: number;
}

/** A page: the sequence positions [start, end). */
export interface PageRange {
  start: number;
  end: number;
}

const NON_ASCII = /[^\u0000-\u007f]/;

/** UTF-8 length of `text`, without encoding it. */
export function utf8Bytes(text: string): number {
  let bytes = text.length;
  if (!NON_ASCII.test(text)) return bytes;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) {
      bytes += 1;
    } else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 2; // with its low surrogate: 4 bytes for 2 code units
      i++;
    } else {
      bytes += 2;
    }
  }
  return bytes;
}

export function* entries(sequence: Sequence): Generator<Entry & { position: number }> {
  let position = 0;
  for (const listing of sequence.listings)
    for (let member = 0; member < listing.members.length; member++)
      yield { listing, member, position: position++ };
}

/** The full key of the entry at `position`. */
export function keyAt(sequence: Sequence, position: number): string {
  const listing = listingAt(sequence, position);
  return entryKey(listing.id, listing.inner[position - listing.offset]);
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

export function paginate(sequence: Sequence, limits: PageBudget = PAGE_BUDGET): PageRange[] {
  const rowBytes = sequence.links.map(
    (link) => jsonBytes(encodeRow(link, FILE_INDEX_PLACEHOLDER)) + 1,
  );
  const budget = limits.pageBytes - PAGE_BASE_BYTES - limits.spansReserve;
  const pages: PageRange[] = [];
  let start = 0;
  let bytes = 0;
  let files = new Set<string>();
  let listing: Listing | undefined;
  for (const { listing: current, member, position } of entries(sequence)) {
    const link = sequence.links[current.members[member]];
    let cost = rowBytes[current.members[member]];
    if (current !== listing) cost += utf8Bytes(JSON.stringify(current.id)) + 12;
    if (!files.has(link.file)) cost += utf8Bytes(JSON.stringify(link.file)) + 1;
    if (position > start && bytes + cost > budget) {
      pages.push({ start, end: position });
      start = position;
      bytes = 0;
      files = new Set();
      cost = rowBytes[current.members[member]] + utf8Bytes(JSON.stringify(current.id)) + 12;
      cost += utf8Bytes(JSON.stringify(link.file)) + 1;
    }
    bytes += cost;
    files.add(link.file);
    listing = current;
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
