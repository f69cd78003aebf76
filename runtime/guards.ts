/**
 * Step 1 of the resolution order: private runtime files and scanner probes, in any spelling.
 * Both take the path folded once by `foldPathForGuards`.
 */
import { PAGES_DIR } from "./routes.js";
import { PRIVATE_DIRS, PRIVATE_FILES, type Blocklist } from "./contract/index.js";

const PRIVATE = new Set<string>(PRIVATE_FILES);

export function isPrivateFile(folded: string): boolean {
  const below = folded + "/";
  return (
    PRIVATE.has(folded) ||
    PRIVATE_DIRS.some((dir) => below.startsWith(dir)) ||
    below.startsWith(PAGES_DIR)
  );
}

/**
 * Whether `folded` is a scanner probe of the blocklist. The lists are indexed once per blocklist
 * (a prefix by its first two characters, a suffix by its last one), so a path is compared only
 * with the entries that could match it: the worker asks for every path it resolves, the build for
 * every link.
 */
export function isProbe(folded: string, blocklist: Pick<Blocklist, "probes">): boolean {
  let matches = MATCHERS.get(blocklist.probes);
  if (!matches) MATCHERS.set(blocklist.probes, (matches = probeMatcher(blocklist.probes)));
  return matches(folded);
}

type Probes = Blocklist["probes"];

const MATCHERS = new WeakMap<Probes, (folded: string) => boolean>();

function probeMatcher(probes: Probes): (folded: string) => boolean {
  const exact = new Set(probes.exact);
  const prefixes = indexBy(probes.prefixes, (p) => (p.length >= 2 ? p.slice(0, 2) : undefined));
  const suffixes = indexBy(probes.suffixes, (s) => (s.length >= 1 ? s.slice(-1) : undefined));
  const contains = probes.contains;
  return (folded) =>
    exact.has(folded) ||
    anyStarts(prefixes.always, folded) ||
    anyStarts(prefixes.groups.get(folded.slice(0, 2)), folded) ||
    anyEnds(suffixes.always, folded) ||
    anyEnds(suffixes.groups.get(folded.slice(-1)), folded) ||
    contains.some((c) => folded.includes(c));
}

/** `entries` grouped by `keyOf`; the ones it gives no key (too short) are matched always. */
function indexBy(entries: readonly string[], keyOf: (entry: string) => string | undefined) {
  const groups = new Map<string, string[]>();
  const always: string[] = [];
  for (const entry of entries) {
    const key = keyOf(entry);
    if (key === undefined) always.push(entry);
    else {
      const group = groups.get(key);
      if (group) group.push(entry);
      else groups.set(key, [entry]);
    }
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
