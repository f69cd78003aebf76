/**
 * The records two sides of a review hold as the very same objects (docs/cache.md, "Within one
 * run"), found by one walk of both lists: the second side's conflicts and the comparison of links
 * both pair them this way.
 */
import type { LinkRecord } from "../../runtime/contract/index.js";

/**
 * Pairs the records both lists hold, in order: each list's records come file by file, files in
 * sorted order, so where they differ the list at the earlier file moves on (both, in the same
 * file). Fills `aOfB` and `bOfA` with each paired record's place on the other side and returns
 * the places of the records left unpaired on each side. Any pairing of the same objects in the
 * same order gives the same answers; this one only decides how much is looked at again.
 */
export function pairShared(
  a: readonly LinkRecord[],
  b: readonly LinkRecord[],
  aOfB: Int32Array,
  bOfA: Int32Array,
): { added: number[]; gone: number[] } {
  const added: number[] = [];
  const gone: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i];
    const y = b[j];
    if (x === y) {
      aOfB[j] = i;
      bOfA[i] = j;
      i++;
      j++;
    } else if (x.file === y.file) {
      gone.push(i++);
      added.push(j++);
    } else if (x.file < y.file) gone.push(i++);
    else added.push(j++);
  }
  while (i < a.length) gone.push(i++);
  while (j < b.length) added.push(j++);
  return { added, gone };
}
