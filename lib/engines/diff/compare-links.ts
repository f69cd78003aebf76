/**
 * Links of two tables paired by normalised slug: added, removed, changed (with each changed field,
 * old and new). A row that moved to another file is the same link, changed in `file` only; a row
 * that only moved up or down in its file is not a change.
 */
import type { LinkRecord, LinkRoute } from "../../../runtime/contract/index.js";
import { foldCase } from "../../../runtime/case-fold.js";
import { caseKeptKey, linkGroup, sameLink } from "../../shared/link-identity.js";
import { LinkPairs } from "./link-pairs.js";
import { heldByBoth, pairShared } from "../../shared/pair-shared.js";

/**
 * What each field of a link record is to a diff, in the order changes are reported. Checked
 * against the record type, so a field added to LinkRecord fails the typecheck until it has a rule:
 * `identity` pairs the links (a changed key is a routing change of its own), `routing` can change
 * what a request gets, `quiet` is reported but changes no answer (a slug's spelling matters
 * through its key; `file` changes when a row moves to another file), `ignored` is not a change
 * (a row that moved up or down in its file).
 */
export const LINK_FIELD_RULES = {
  kind: "identity",
  key: "identity",
  domain: "identity",
  slug: "quiet",
  target: "routing",
  status: "routing",
  state: "routing",
  schedule: "routing",
  forward_query: "routing",
  params: "routing",
  remainder: "routing",
  allow: "routing",
  routes: "routing",
  zone: "routing",
  allow_users: "routing",
  description: "quiet",
  tags: "quiet",
  owner: "quiet",
  title: "quiet",
  notes: "quiet",
  successor: "routing",
  preview: "routing",
  file: "quiet",
  line: "ignored",
} as const satisfies Record<keyof LinkRecord, "identity" | "routing" | "quiet" | "ignored">;

type Rules = typeof LINK_FIELD_RULES;
/** The fields a diff reports when they change. */
export type LinkField = {
  [F in keyof Rules]: Rules[F] extends "routing" | "quiet" ? F : never;
}[keyof Rules];

/** The reported fields, in the order they are reported. */
export const LINK_FIELDS = (Object.keys(LINK_FIELD_RULES) as (keyof Rules)[]).filter(
  (field): field is LinkField =>
    LINK_FIELD_RULES[field] === "routing" || LINK_FIELD_RULES[field] === "quiet",
);

export interface ChangedLink {
  slug: string;
  fields: Partial<Record<LinkField, [unknown, unknown]>>;
  before: LinkRecord;
  after: LinkRecord;
}

export interface LinkComparison {
  added: LinkRecord[];
  removed: LinkRecord[];
  changed: ChangedLink[];
  /** Every pair, changed or not: base link -> head link. A head link not in `added` has one. */
  headOf: LinkPairs;
  /** Pairs whose change can alter what a request gets (the routing diff starts from these). */
  routingChanged: ChangedLink[];
  /** The base records the head does not hold itself (paired with another record, or not). */
  onlyBase: readonly LinkRecord[];
}

/**
 * Pairs by the slug normalised as each side's site.yaml says: by lookup key when both sides match
 * case alike. When case sensitivity changes, spellings equal with case kept pair first, then
 * spellings equal after case folding, so `Docs` stays one link (the routing diff shows what the
 * new matching does to requests).
 */
export function compareLinks(
  base: readonly LinkRecord[],
  head: readonly LinkRecord[],
  options: { sameCaseRule: boolean },
): LinkComparison {
  const distinct = new Map<LinkRecord, LinkRecord>();
  // A record on both sides (a row of a file unchanged between them, docs/cache.md) is its own
  // partner: each side's keys are unique, so pairing it by key would find itself.
  const { shared, onlyBase, onlyHead } = sharedRecords(base, head, options.sameCaseRule);
  let leftBase = onlyBase;
  let leftHead = onlyHead;
  const passes: ((link: LinkRecord) => string)[] = options.sameCaseRule
    ? [(link) => link.key]
    : [(link) => caseKeptKey(link), (link) => foldCase(caseKeptKey(link))];
  for (const [pass, keyOf] of passes.entries()) {
    const partner = new Int32Array(leftBase.length).fill(-1);
    const taken = new Uint8Array(leftHead.length);
    // Most links pair in one walk of both lists; only the rest are looked up by key.
    if (pass === 0 && options.sameCaseRule) pairInStep(leftBase, leftHead, partner, taken);
    // The first head link of each identity, by kind and host, then by key: a key is looked up
    // as it is (its hash kept by the string), not joined into one text per link and hashed anew.
    const firstOf = new Map<string, Map<string, number>>();
    leftHead.forEach((link, j) => {
      if (taken[j] === 1) return;
      const group = linkGroup(link);
      let ids = firstOf.get(group);
      if (ids === undefined) firstOf.set(group, (ids = new Map()));
      const id = keyOf(link);
      if (ids.get(id) === undefined) ids.set(id, j);
    });
    const unmatched: LinkRecord[] = [];
    leftBase.forEach((link, i) => {
      let j = partner[i];
      if (j < 0) {
        const found = firstOf.get(linkGroup(link))?.get(keyOf(link));
        if (found !== undefined && taken[found] === 0) taken[(j = found)] = 1;
      }
      if (j >= 0) distinct.set(link, leftHead[j]);
      else unmatched.push(link);
    });
    leftBase = unmatched;
    leftHead = leftHead.filter((_, j) => taken[j] === 0);
  }
  const changed: ChangedLink[] = [];
  const routingChanged: ChangedLink[] = [];
  // The same record on both sides (a row of a file unchanged between them) is no change.
  for (const [before, after] of distinct) {
    let fields: ChangedLink["fields"] | undefined; // made for the first changed field only
    let routing = before.key !== after.key;
    for (const field of LINK_FIELDS) {
      if (sameField(before, after, field)) continue;
      (fields ??= {})[field] = [before[field] ?? null, after[field] ?? null];
      if (LINK_FIELD_RULES[field] === "routing") routing = true;
    }
    if (fields === undefined && !routing) continue;
    const change = { slug: after.slug, fields: fields ?? {}, before, after };
    if (fields !== undefined) changed.push(change);
    if (routing) routingChanged.push(change);
  }
  return {
    added: leftHead.sort(byKey),
    removed: leftBase.sort(byKey),
    changed: changed.sort((a, b) => byKey(a.after, b.after)),
    headOf: new LinkPairs(base, shared, distinct),
    routingChanged,
    onlyBase,
  };
}

/** How far ahead on the head side a base link is looked for in the walk of pairInStep. */
const AHEAD = 8;

/**
 * Pairs links of the same identity (kind, host and key) met in step: each side's links come file
 * by file and row by row, so past a row added on the head side a base link is found a few places
 * ahead, and a base link not found there (removed, or moved far) is left to pairing by key. Each
 * side holds one link of an identity (conflicts.ts keeps the first of duplicates), so a pair made
 * here is the one pairing by key makes. Fills `partner` (head index per base link) and `taken`.
 */
export function pairInStep(
  base: readonly LinkRecord[],
  head: readonly LinkRecord[],
  partner: Int32Array,
  taken: Uint8Array,
): void {
  let i = 0;
  let j = 0;
  while (i < base.length && j < head.length) {
    let ahead = 0;
    while (ahead <= AHEAD && j + ahead < head.length && !sameLink(base[i], head[j + ahead]))
      ahead++;
    if (ahead > AHEAD || j + ahead >= head.length) {
      i++;
      continue;
    }
    j += ahead;
    partner[i++] = j;
    taken[j++] = 1;
  }
}

/**
 * The records both sides hold (the same objects), in base order, and each side's others in its
 * order; none shared when the sides match case differently. Each side's records come file by
 * file, files sorted, so most pair in one walk of both lists without a set (pairShared); a record
 * left unpaired on both sides (out of order) is looked for among the other side's unpaired ones.
 */
export function sharedRecords(
  base: readonly LinkRecord[],
  head: readonly LinkRecord[],
  sameCaseRule: boolean,
): { shared: Set<LinkRecord>; onlyBase: LinkRecord[]; onlyHead: LinkRecord[] } {
  const shared = new Set<LinkRecord>();
  if (!sameCaseRule) return { shared, onlyBase: [...base], onlyHead: [...head] };
  const headOfBase = new Int32Array(base.length).fill(-1);
  const { added, gone } = pairShared(base, head, new Int32Array(head.length).fill(-1), headOfBase);
  const onlyHead = added.map((j) => head[j]);
  const onlyBase = gone.map((i) => base[i]);
  const late = heldByBoth(onlyBase, onlyHead);
  for (let i = 0; i < base.length; i++)
    if (headOfBase[i] >= 0 || (late.size > 0 && late.has(base[i]))) shared.add(base[i]);
  if (late.size === 0) return { shared, onlyBase, onlyHead };
  return {
    shared,
    onlyBase: onlyBase.filter((link) => !late.has(link)),
    onlyHead: onlyHead.filter((link) => !late.has(link)),
  };
}

/** Whether `field` is the same on both records: equal values, or equal JSON for objects. */
function sameField(before: LinkRecord, after: LinkRecord, field: LinkField): boolean {
  // Routes are compared without their source lines: a row moved in its file changes none.
  if (field === "routes")
    return (
      before.routes === after.routes ||
      JSON.stringify(linelessRoutes(before)) === JSON.stringify(linelessRoutes(after))
    );
  const [a, b] = [before[field], after[field]];
  if (a === b) return true;
  if (typeof a !== "object") return false;
  // Lists of equal items (tags, most often) are the same without their JSON.
  if (
    Array.isArray(a) &&
    Array.isArray(b) &&
    a.length === b.length &&
    a.every((x, i) => x === b[i])
  )
    return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A link's routes without their source lines. */
export function linelessRoutes(link: LinkRecord): Omit<LinkRoute, "line">[] | undefined {
  return link.routes?.map(({ line: _line, ...route }) => route);
}

export function byKey(a: LinkRecord, b: LinkRecord): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0;
}
