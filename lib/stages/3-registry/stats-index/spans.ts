/**
 * Each page's spans: the size of every range a query can land on in this page (its key sorts
 * between this page's separator and the next) that runs past the following page. Such a range
 * holds all of the next page and the first key of the one after, so it is a prefix of the next
 * page's first key (the anchor): a list of prefix lengths and counts says it all. With them, a
 * call knows the total of its range from the page it starts in, whatever the range's length.
 */
import { ALL, ENDS, STARTS } from "../../../../runtime/stats/listings.js";
import type { StatsPage } from "../../../../runtime/contract/index.js";
import { keyAt, listingAt, type PageRange } from "./paginate.js";
import type { Listing, Sequence } from "./sequence.js";

export function spansOf(
  sequence: Sequence,
  pages: readonly PageRange[],
  first: readonly string[],
  page: number,
): StatsPage["spans"] {
  if (page + 2 >= pages.length) return { anchor: "", counts: [] };
  const anchor = keyAt(sequence, pages[page + 1].start);
  const after = keyAt(sequence, pages[page + 2].start);
  const listing = listingAt(sequence, pages[page + 1].start);
  if (listing.id === STARTS || listing.id === ENDS) return { anchor: "", counts: [] };
  let common = 0;
  while (common < anchor.length && anchor[common] === after[common]) common++;
  const counts: number[][] = [];
  for (let length = listing.id.length + 1; length <= common; length++) {
    const range = anchor.slice(0, length);
    if (range < first[page] || range >= first[page + 1]) continue;
    counts.push([length, ...rangeCounts(sequence, listing, range.slice(listing.id.length + 1))]);
  }
  return counts.length === 0
    ? { anchor: "", counts: [] }
    : { anchor: anchor.slice(0, counts[counts.length - 1][0]), counts };
}

/** Entries of `listing` whose inner key starts with `prefix`, then those of each dense listing. */
function rangeCounts(sequence: Sequence, listing: Listing, prefix: string): number[] {
  const { innerAt } = listing;
  const length = listing.members.length;
  const from = lowerBound(innerAt, length, prefix);
  let to = from;
  let step = 1;
  // Gallop, then bisect, for the end of the prefix's run.
  while (to + step <= length && innerAt(to + step - 1).startsWith(prefix)) {
    to += step;
    step *= 2;
  }
  let hi = Math.min(to + step, length);
  while (to < hi) {
    const mid = (to + hi) >> 1;
    if (innerAt(mid).startsWith(prefix)) to = mid + 1;
    else hi = mid;
  }
  if (listing.id !== ALL) return [to - from];
  // `all` holds every link in order, so its member i is link i.
  return [to - from, ...sequence.dense.map((d) => d.before[to] - d.before[from])];
}

function lowerBound(sortedAt: (i: number) => string, length: number, key: string): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sortedAt(mid) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
