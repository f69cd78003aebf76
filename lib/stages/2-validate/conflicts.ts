/** Conflicts between links, and with reserved and static paths, that a reviewer would miss. */
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import type { LinkRecord } from "../../../runtime/contract/index.js";
import { foldCase } from "../../../runtime/case-fold.js";
import { linkId } from "../../shared/link-identity.js";
import { FirstPlaces, type FirstPlaceLookup } from "./first-places.js";

const where = (link: LinkRecord) => `${link.file}:${link.line}`;

export interface Conflicts {
  links: LinkRecord[];
  diagnostics: Diagnostic[];
}

type Kind = LinkRecord["kind"];

/** A link's mark in a ConflictIndex: a duplicate (SL305), a case twin (SL306), under a splat. */
export const DUPLICATE = 1;
export const TWIN = 2;
export const COVERED = 4;

/**
 * What the plain pass learned about its links, for a second side that shares most of them
 * (conflicts-beside.ts): each link's marks by its place in `links`, the place of the first link
 * of every key (per kind) and of every case-folded identity, and the splats that cover.
 */
export interface ConflictIndex {
  links: readonly LinkRecord[];
  caseSensitive: boolean;
  strictTrailingSlash: boolean;
  marks: Uint8Array;
  firsts: Record<Kind, FirstPlaceLookup>;
  /** Present when case twins are looked for (case-sensitive matching). */
  folded: FirstPlaceLookup | undefined;
  splats: SplatTable;
}

/** The kept splats by their key on their host, and every boundary prefix of those keys. */
export interface SplatTable {
  byKey: Pick<ReadonlyMap<string, LinkRecord>, "get" | "size">;
  paths: ReadonlySet<string>;
}

/**
 * Duplicates (SL305) are removed from the returned list; warnings keep every link. With strict
 * trailing slashes a splat `x/*` does not answer `/x`, so it covers no exact link there.
 */
export function findConflicts(
  links: readonly LinkRecord[],
  caseSensitive: boolean,
  strictTrailingSlash = false,
): Conflicts {
  const { index: _index, ...found } = indexConflicts(links, caseSensitive, strictTrailingSlash);
  return found;
}

/** The plain pass over every link (the definition), with what it learned. */
export function indexConflicts(
  links: readonly LinkRecord[],
  caseSensitive: boolean,
  strictTrailingSlash: boolean,
): Conflicts & { index: ConflictIndex } {
  const diagnostics: Diagnostic[] = [];
  const marks = new Uint8Array(links.length);
  const counts = { exact: 0, splat: 0, placeholder: 0 };
  for (const link of links) counts[link.kind]++;
  const firsts = {
    exact: new FirstPlaces(counts.exact),
    splat: new FirstPlaces(counts.splat),
    placeholder: new FirstPlaces(counts.placeholder),
  };
  const kept: LinkRecord[] = [];
  for (let i = 0; i < links.length; i++) {
    const link = links[i];
    const first = firsts[link.kind].firstWins(keyOf(link), i);
    if (first === undefined) kept.push(link);
    else {
      marks[i] |= DUPLICATE;
      diagnostics.push(duplicateNote(link, links[first]));
    }
  }
  const folded = caseSensitive ? new FirstPlaces(kept.length) : undefined;
  if (folded)
    for (let i = 0; i < links.length; i++) {
      if (marks[i] & DUPLICATE) continue;
      const first = folded.firstWins(foldedId(links[i]), i);
      if (first === undefined) continue;
      marks[i] |= TWIN;
      diagnostics.push(twinNote(links[i], links[first]));
    }
  const splats = splatTable([...firsts.splat.values()].map((i) => links[i]));
  if (splats.byKey.size > 0)
    for (let i = 0; i < links.length; i++) {
      if (marks[i] & DUPLICATE) continue;
      const note = coverNote(links[i], splats, strictTrailingSlash);
      if (note === undefined) continue;
      marks[i] |= COVERED;
      diagnostics.push(note);
    }
  const index = { links, caseSensitive, strictTrailingSlash, marks, firsts, folded, splats };
  return { links: kept, diagnostics, index };
}

/** The place of the first link at `id` in `table`, or undefined when `at` is that first. */
export function firstWins(table: Map<string, number>, id: string, at: number): number | undefined {
  const first = table.get(id);
  if (first !== undefined) return first;
  table.set(id, at);
  return undefined;
}

/** Per host: the same slug on two hosts is two links (docs/domains.md). */
export function keyOf(link: LinkRecord, key = link.key): string {
  return link.domain === undefined ? key : `${link.domain}\n${key}`;
}

/** The identity two links differing only by case share. */
export function foldedId(link: LinkRecord): string {
  return linkId({ kind: link.kind, key: foldCase(link.key), domain: link.domain });
}

export function duplicateNote(link: LinkRecord, first: LinkRecord): Diagnostic {
  return diag(
    "SL305",
    link,
    `link "${link.slug}" duplicates "${first.slug}" at ${where(first)} (same path after normalisation${link.domain ? ` on ${link.domain}` : ""})`,
    "remove one of them or change the slug",
  );
}

export function twinNote(link: LinkRecord, first: LinkRecord): Diagnostic {
  return diag(
    "SL306",
    link,
    `link "${link.slug}" differs from "${first.slug}" at ${where(first)} only by case`,
    "visitors rarely type case exactly; pick distinct slugs",
  );
}

/**
 * The splats among kept links, by their key on their host, and every segment-boundary prefix of
 * every splat key (per host): a link's walk up its own key, shortest prefix first, stops at the
 * first one no splat key starts with.
 */
export function splatTable(links: Iterable<LinkRecord>): SplatTable {
  const byKey = new Map<string, LinkRecord>();
  const paths = new Set<string>();
  for (const cover of links) {
    if (cover.kind !== "splat") continue;
    byKey.set(keyOf(cover), cover);
    for (let slash = 0; slash >= 0; slash = cover.key.indexOf("/", slash + 1))
      paths.add(keyOf(cover, cover.key.slice(0, slash)));
    paths.add(keyOf(cover));
  }
  return { byKey, paths };
}

/** SL307 or SL308 for a kept link under a splat of `splats`; undefined when none covers it. */
export function coverNote(
  link: LinkRecord,
  splats: SplatTable,
  strictTrailingSlash: boolean,
): Diagnostic | undefined {
  if (link.kind === "placeholder") return undefined;
  const itself = link.kind === "exact" && !(strictTrailingSlash && !link.key.endsWith("/"));
  const cover = longestCover(link, itself, splats);
  if (!cover) return undefined;
  if (link.kind === "exact")
    return {
      ...diag(
        "SL307",
        link,
        `exact link "${link.slug}" lies under splat link "${cover.slug}" at ${where(cover)}; the exact link wins`,
      ),
      group: { file: cover.file, line: cover.line, subject: `splat link "${cover.slug}"` },
    };
  return diag(
    "SL308",
    link,
    `splat link "${link.slug}" is nested in splat link "${cover.slug}" at ${where(cover)}; the longer prefix wins`,
  );
}

/**
 * The splat under the longest of the link's leading segments (the root "" first, the whole key
 * last and only when `itself`), other than the link: a splat covers from the root or from any of
 * its own segment boundaries. The walk goes up from the root and stops at a prefix that `paths`
 * (every boundary prefix of every splat key) lacks, since no longer prefix can then be a splat.
 */
function longestCover(
  link: LinkRecord,
  itself: boolean,
  { byKey, paths }: SplatTable,
): LinkRecord | undefined {
  const key = link.key;
  let found: LinkRecord | undefined;
  let slash = -1;
  for (let end = 0; ;) {
    const whole = end === key.length;
    if (whole && !itself) return found;
    const at = keyOf(link, whole ? key : key.slice(0, end));
    if (!paths.has(at)) return found;
    const cover = byKey.get(at);
    if (cover !== undefined && cover !== link) found = cover;
    if (whole) return found;
    slash = key.indexOf("/", slash + 1);
    end = slash < 0 ? key.length : slash;
  }
}
