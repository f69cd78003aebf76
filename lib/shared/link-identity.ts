/**
 * A link's identity, spelled once: its kind and its lookup key. Two records with the same
 * identity are the same link, whatever else about them changed (a diff pairs links by it, the
 * own-host check follows chains by it, validation finds case twins by it).
 */
import type { LinkRecord } from "../../runtime/contract/index.js";
import { normalizePath } from "../../runtime/normalize.js";

type Identified = Pick<LinkRecord, "kind" | "key">;

/** The identity of a link, or of one spelling of its key (case kept, case folded). */
export function linkId(link: Identified): string {
  return `${link.kind}\n${link.key}`;
}

export function sameLink(a: Identified | null | undefined, b: Identified): boolean {
  return a?.kind === b.kind && a.key === b.key;
}

/** The slug without its splat marker: `gh/*` -> `gh`, `*` -> ``. */
export function slugBody(link: Pick<LinkRecord, "kind" | "slug">): string {
  if (link.kind === "exact") return link.slug;
  return link.slug === "*" ? "" : link.slug.slice(0, -2);
}

const caseKept = new WeakMap<object, string>();

/** The slug normalised as the runtime normalises paths, case kept (NFC, no `/*`); kept per link. */
export function caseKeptKey(link: Pick<LinkRecord, "kind" | "slug">): string {
  let key = caseKept.get(link);
  if (key === undefined) {
    const normal = normalizePath("/" + slugBody(link), true);
    key = normal.ok ? normal.key : slugBody(link);
    caseKept.set(link, key);
  }
  return key;
}
