/**
 * The conflict rules of a review's second side, found from the first side's index
 * (docs/performance.md, "The second side's conflicts"): the two sides hold most records as the
 * very same objects, so only the keys the differing records touch are looked at again. The plain
 * pass (conflicts.ts) stays the definition; a property test pins this to it.
 */
import type { LinkRecord } from "../../../runtime/contract/index.js";
import type { Diagnostic } from "../../shared/diagnostics.js";
import { appendAll } from "../../shared/lists.js";
import type { LinkLookup } from "../../shared/memory-instance.js";
import { handOverSlot, type HandOverSide } from "../../shared/cache/hand-over.js";
import { pairShared } from "../../shared/pair-shared.js";
import {
  COVERED,
  DUPLICATE,
  TWIN,
  coverNote,
  duplicateNote,
  findConflicts,
  firstWins,
  foldedId,
  indexConflicts,
  keyOf,
  splatTable,
  type SplatTable,
  twinNote,
  type ConflictIndex,
  type Conflicts,
} from "./conflicts.js";

/** A mark of this side: kept here, and not a record the first side held and kept. */
const NEW_KEPT = 8;

/**
 * This side's conflicts as the plain pass finds them, from `first`'s index, with a lookup of its
 * kept links by kind and key that indexes nothing again (the review's comparison asks it for the
 * paths it resolves, and a side without one indexes all its links); undefined when fewer
 * than `minShared` of `links` are records of the first side. A record only this side holds costs
 * about twice what the plain pass spends on it (a look-up in the first side's index, then its
 * own), a shared one a sixth: below two thirds shared the plain pass is as cheap.
 *
 * A key no differing record has groups the same shared records, in the same order, on both
 * sides: their duplicates are as before. Every record at a touched key (and every duplicate of
 * the first side) is judged again, in order, by the rule itself; likewise the case-folded
 * identities the records whose keeping changed touch. A link keeps its cover while the kept
 * splats are the same; when a splat is added, removed or kept differently, the covers of every
 * kept link are found again, since the links under a prefix are found only by walking them all.
 */
export function conflictsBeside(
  first: ConflictIndex,
  links: readonly LinkRecord[],
  minShared = (links.length * 2) / 3,
): (Conflicts & { lookup: LinkLookup }) | undefined {
  const before = first.links;
  const was = first.marks;
  const aOfB = new Int32Array(links.length).fill(-1);
  const bOfA = new Int32Array(before.length).fill(-1);
  const { added, gone } = pairShared(before, links, aOfB, bOfA);
  if (links.length - added.length < minShared) return undefined;
  const marks = new Uint8Array(links.length);
  // A key's records on this side: the first side's first at that key and its duplicates, where
  // shared, and the records only this side has. Each is judged again when the key has a record
  // only this side has, or a duplicate on the first side (a first side's kept record that is gone
  // leaves only its duplicates behind).
  const again: number[] = [];
  const lost = gone.filter((i) => !(was[i] & DUPLICATE));
  const twinsBefore: number[] = [];
  const coveredBefore: number[] = [];
  const firstOf = (link: LinkRecord) => {
    const at = first.firsts[link.kind].get(keyOf(link));
    if (at !== undefined && bOfA[at] >= 0) again.push(bOfA[at]);
  };
  for (let i = 0; i < before.length; i++) {
    const mark = was[i];
    if (mark === 0) continue;
    if (mark & TWIN) twinsBefore.push(i);
    if (mark & COVERED && bOfA[i] >= 0) coveredBefore.push(bOfA[i]);
    if (!(mark & DUPLICATE)) continue;
    if (bOfA[i] >= 0) again.push(bOfA[i]);
    firstOf(before[i]);
  }
  for (const j of added) firstOf(links[j]);
  const diagnostics: Diagnostic[] = [];
  const tables = { exact: new Map(), splat: new Map(), placeholder: new Map() };
  const newKept: number[] = [];
  const redone = mergeSorted(added, again);
  for (const j of redone) {
    const link = links[j];
    const at = firstWins(tables[link.kind], keyOf(link), j);
    const keptBefore = aOfB[j] >= 0 && !(was[aOfB[j]] & DUPLICATE);
    if (at !== undefined) {
      marks[j] |= DUPLICATE;
      diagnostics.push(duplicateNote(link, links[at]));
      if (keptBefore) lost.push(aOfB[j]);
    } else if (!keptBefore) {
      marks[j] |= NEW_KEPT;
      newKept.push(j);
    }
  }
  if (first.folded) {
    const twins = twinsAgain(first, links, { marks, bOfA, newKept, twinsBefore });
    appendAll(diagnostics, twins);
  }
  const splats = sameSplats(
    first.splats,
    lost.map((i) => before[i]),
    newKept.map((j) => links[j]),
  );
  const strict = first.strictTrailingSlash;
  const dropped = redone.some((j) => marks[j] & DUPLICATE);
  const kept = dropped ? links.filter((_, j) => !(marks[j] & DUPLICATE)) : links.slice();
  // A link keeps its cover with the same splat keys: only newly kept links and those covered
  // before are looked at, in order.
  if (splats !== undefined && splats.byKey.size > 0) {
    const covered = coveredBefore.filter((j) => !(marks[j] & DUPLICATE));
    for (const j of mergeSorted(newKept, covered)) {
      const note = coverNote(links[j], splats, strict);
      if (note !== undefined) diagnostics.push(note);
    }
  }
  if (splats === undefined) {
    const table = splatTable(kept);
    if (table.byKey.size > 0)
      for (const link of kept) {
        const note = coverNote(link, table, strict);
        if (note !== undefined) diagnostics.push(note);
      }
  }
  // This side's kept link at a key: the one judged again there, or else the first side's, shared.
  const lookup: LinkLookup = {
    links: kept,
    find: (kind, key) => {
      const j = tables[kind].get(key);
      if (j !== undefined) return links[j];
      const i = first.firsts[kind].get(key);
      return i === undefined || bOfA[i] < 0 ? undefined : links[bOfA[i]];
    },
  };
  return { links: kept, diagnostics, lookup };
}

/**
 * SL306 of this side: the kept records at a case-folded identity that a record newly kept here
 * or a twin of the first side has are judged again, in order.
 */
function twinsAgain(
  first: ConflictIndex,
  links: readonly LinkRecord[],
  side: {
    marks: Uint8Array;
    bOfA: Int32Array;
    newKept: readonly number[];
    twinsBefore: readonly number[];
  },
): Diagnostic[] {
  const { marks, bOfA } = side;
  const keptHere = (i: number) => bOfA[i] >= 0 && !(marks[bOfA[i]] & DUPLICATE);
  const again: number[] = [];
  const firstOf = (link: LinkRecord) => {
    const at = first.folded?.get(foldedId(link));
    if (at !== undefined && keptHere(at)) again.push(bOfA[at]);
  };
  // A lost record that was first at its identity leaves only its twins, judged again anyway;
  // one that was a twin is among them.
  for (const j of side.newKept) firstOf(links[j]);
  for (const i of side.twinsBefore) {
    firstOf(first.links[i]);
    if (keptHere(i)) again.push(bOfA[i]);
  }
  const seen = new Map<string, number>();
  const out: Diagnostic[] = [];
  for (const j of mergeSorted(side.newKept, again)) {
    const at = firstWins(seen, foldedId(links[j]), j);
    if (at !== undefined) out.push(twinNote(links[j], links[at]));
  }
  return out;
}

/**
 * The kept splats of this side, when they sit at the first side's keys: each splat no longer kept
 * has a newly kept one at its key (a file read afresh on this side). Which links a splat covers
 * depends on the keys alone; a covered link's note is made again, naming this side's splat.
 * Undefined when the keys differ.
 */
function sameSplats(
  table: SplatTable,
  gone: readonly LinkRecord[],
  come: readonly LinkRecord[],
): SplatTable | undefined {
  const out = new Set(gone.filter((l) => l.kind === "splat").map((l) => keyOf(l)));
  const into = come.filter((l) => l.kind === "splat");
  if (out.size !== into.length) return undefined;
  if (into.length === 0) return table;
  const moved = new Map<string, LinkRecord>();
  for (const splat of into) {
    const key = keyOf(splat);
    if (!out.has(key)) return undefined;
    moved.set(key, splat);
  }
  const byKey = {
    size: table.byKey.size,
    get: (key: string) => moved.get(key) ?? table.byKey.get(key),
  };
  return { byKey, paths: table.paths };
}

/** The places of `sorted` (ascending) and of `more` (any order), ascending, each once. */
function mergeSorted(sorted: readonly number[], more: number[]): number[] {
  more.sort((x, y) => x - y);
  const out: number[] = [];
  let k = 0;
  for (const x of sorted) {
    while (k < more.length && more[k] <= x) out.push(more[k++]);
    out.push(x);
  }
  while (k < more.length) out.push(more[k++]);
  return out.filter((x, n) => n === 0 || out[n - 1] !== x);
}

/** What a review's first side hands the next: its index, until the next side takes it. */
export interface ConflictsHandOver {
  index?: ConflictIndex;
  /** The side now compiling is the last: it keeps no index. */
  last: boolean;
}

/** The conflicts of `links`: derived from the side before when it handed its index, else plain. */
export function conflictsOfSide(
  links: readonly LinkRecord[],
  caseSensitive: boolean,
  strictTrailingSlash: boolean,
  hand?: ConflictsHandOver,
): Conflicts & { lookup?: LinkLookup } {
  const index = hand?.index;
  if (hand) hand.index = undefined;
  if (
    index &&
    index.caseSensitive === caseSensitive &&
    index.strictTrailingSlash === strictTrailingSlash
  ) {
    const derived = conflictsBeside(index, links);
    if (derived) return derived;
  }
  if (!hand) return findConflicts(links, caseSensitive, strictTrailingSlash);
  const { index: made, ...found } = indexConflicts(links, caseSensitive, strictTrailingSlash);
  // The last side keeps no index for a side after it, but its lookup still answers the review's
  // comparison, which would otherwise index a million links again.
  if (!hand.last) hand.index = made;
  const lookup: LinkLookup = {
    links: found.links,
    find: (kind, key) => {
      const at = made.firsts[kind].get(key);
      return at === undefined ? undefined : made.links[at];
    },
  };
  return { ...found, lookup };
}

const handed = handOverSlot(() => ({ index: undefined as ConflictIndex | undefined }));

/**
 * From now until `stop`, a side compiled with `cache` hands its conflict index to the next;
 * after `lastSide`, a side only takes. The records are shared only through the cache
 * (docs/cache.md, "Within one run"), so without one there is nothing to hand.
 */
export const handConflictsToNextSide = (cache: object): HandOverSide => handed.start(cache);

/** The hand-over a side compiled with `cache` takes part in, if any. */
export const handedConflicts = (cache: object | undefined): ConflictsHandOver | undefined =>
  handed.of(cache);
