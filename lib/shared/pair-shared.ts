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

/** Records by place: file, then line (a record both lists hold has one file and one line). */
const byPlace = (x: LinkRecord, y: LinkRecord) =>
  x.file < y.file ? -1 : x.file > y.file ? 1 : x.line - y.line;

function inPlaceOrder(list: readonly LinkRecord[]): boolean {
  for (let k = 0; k < list.length; k++) {
    if (!Number.isFinite(list[k].line)) return false;
    if (k > 0 && byPlace(list[k - 1], list[k]) > 0) return false;
  }
  return true;
}

/** Adds to `both` the records of `a` that `b` holds, looked up in a set of `b`. */
function addHeld(both: Set<LinkRecord>, a: readonly LinkRecord[], b: readonly LinkRecord[]): void {
  const inB = new Set(b);
  for (const link of a) if (inB.has(link)) both.add(link);
}

/**
 * The records of `a` that `b` also holds (the same objects), as a set. Where both lists are in
 * place order, as pairShared's leftovers are (each side's records come file by file, row by row),
 * one walk of both finds them, comparing only records at the same place: at a million records
 * each, a set of one list cost half a second where the sides hold none alike (docs/performance.md,
 * "Records both sides hold, found by place"). Any other order is looked up in a set, and so is a
 * place holding more than one record on a side (rows on one line: a YAML flow list).
 */
export function heldByBoth(a: readonly LinkRecord[], b: readonly LinkRecord[]): Set<LinkRecord> {
  const both = new Set<LinkRecord>();
  if (a.length === 0 || b.length === 0) return both;
  if (!inPlaceOrder(a) || !inPlaceOrder(b)) {
    addHeld(both, a, b);
    return both;
  }
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const order = byPlace(a[i], b[j]);
    if (order < 0) i++;
    else if (order > 0) j++;
    else {
      let iEnd = i + 1;
      while (iEnd < a.length && byPlace(a[iEnd], b[j]) === 0) iEnd++;
      let jEnd = j + 1;
      while (jEnd < b.length && byPlace(a[i], b[jEnd]) === 0) jEnd++;
      if (iEnd - i === 1 && jEnd - j === 1) {
        if (a[i] === b[j]) both.add(a[i]);
      } else addHeld(both, a.slice(i, iEnd), b.slice(j, jEnd));
      i = iEnd;
      j = jEnd;
    }
  }
  return both;
}
