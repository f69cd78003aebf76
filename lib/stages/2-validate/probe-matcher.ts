/**
 * The scanner-probe test of runtime/guards.ts (`isProbe`) for the many paths of one build: the
 * lists are indexed once per blocklist, so a path is compared only with the prefixes that share
 * its first two characters and the suffixes that share its last one, not with every entry.
 */
import type { Blocklist } from "../../../runtime/contract/index.js";

type Probes = Blocklist["probes"];

/** `entries` grouped by `keyOf`; the ones it gives no key (too short) are matched always. */
function indexBy(entries: readonly string[], keyOf: (entry: string) => string | undefined) {
  const groups = new Map<string, string[]>();
  const always: string[] = [];
  for (const entry of entries) {
    const key = keyOf(entry);
    if (key === undefined) always.push(entry);
    else groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return { groups, always };
}

function anyStarts(entries: readonly string[] | undefined, folded: string): boolean {
  if (entries) for (const entry of entries) if (folded.startsWith(entry)) return true;
  return false;
}

function anyEnds(entries: readonly string[] | undefined, folded: string): boolean {
  if (entries) for (const entry of entries) if (folded.endsWith(entry)) return true;
  return false;
}

const MATCHERS = new WeakMap<Probes, (folded: string) => boolean>();

/** A test answering as `isProbe(folded, { probes })` does. */
export function probeMatcher(probes: Probes): (folded: string) => boolean {
  let matcher = MATCHERS.get(probes);
  if (matcher) return matcher;
  const exact = new Set(probes.exact);
  const prefixes = indexBy(probes.prefixes, (p) => (p.length >= 2 ? p.slice(0, 2) : undefined));
  const suffixes = indexBy(probes.suffixes, (s) => (s.length >= 1 ? s.slice(-1) : undefined));
  const contains = probes.contains;
  matcher = (folded) =>
    exact.has(folded) ||
    anyStarts(prefixes.always, folded) ||
    anyStarts(prefixes.groups.get(folded.slice(0, 2)), folded) ||
    anyEnds(suffixes.always, folded) ||
    anyEnds(suffixes.groups.get(folded.slice(-1)), folded) ||
    contains.some((c) => folded.includes(c));
  MATCHERS.set(probes, matcher);
  return matcher;
}
