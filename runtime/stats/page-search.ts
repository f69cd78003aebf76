/** Finding keys in the stats index and in a page: binary searches over their sorted order. */
import type { StatsPage } from "../contract/index.js";
import { entryKey, innerKey } from "./listings.js";
import type { Separators } from "./separators.js";

/** The page a key falls in: the last one whose separator sorts at or below it. */
export function pageOf(index: { separators: Separators }, key: string): number {
  return index.separators.pageOf(key);
}

/** The listing row `i` of `page` belongs to. */
export function listingOf(page: StatsPage, i: number): string {
  const { groups } = page;
  let lo = 0;
  let hi = groups.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (groups[mid][1] <= i) lo = mid;
    else hi = mid - 1;
  }
  return groups[lo][0];
}

/** The full key of row `i` of `page`. */
export function keyAt(page: StatsPage, i: number, caseSensitive: boolean): string {
  const listing = listingOf(page, i);
  return entryKey(listing, innerKey(listing, page.rows[i], caseSensitive));
}

/** The first row of `page` whose key sorts at or above `key` (the row count when none does). */
export function lowerBound(page: StatsPage, key: string, caseSensitive: boolean): number {
  let lo = 0;
  let hi = page.rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keyAt(page, mid, caseSensitive) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
