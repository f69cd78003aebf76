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
 * (a prefix by its first two code units, a suffix by its last one, a contained text by its first
 * two when they are ASCII), so a path is compared only with the entries that could match it and
 * no piece of it is cut out to look an entry up: the worker asks for every path it resolves, the
 * build for every link.
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
  const prefixes = indexBy(probes.prefixes, (p) => (p.length >= 2 ? pairAt(p, 0) : undefined));
  const suffixes = indexBy(probes.suffixes, (s) =>
    s.length >= 1 ? s.charCodeAt(s.length - 1) : undefined,
  );
  const contains = containedIndex(probes.contains);
  return (folded) =>
    exact.has(folded) ||
    anyStarts(prefixes.always, folded) ||
    (folded.length >= 2 && anyStarts(prefixes.groups.get(pairAt(folded, 0)), folded)) ||
    anyEnds(suffixes.always, folded) ||
    (folded.length >= 1 &&
      anyEnds(suffixes.groups.get(folded.charCodeAt(folded.length - 1)), folded)) ||
    contains(folded);
}

/** The two code units of `text` at `i` as one number. */
const pairAt = (text: string, i: number) => text.charCodeAt(i) * 0x10000 + text.charCodeAt(i + 1);

/**
 * Whether a text holds any of `entries`: an entry of two ASCII code units or more is looked for
 * only where its first two stand (one bit of a 128 by 128 table per pair of positions), any
 * other with includes.
 */
function containedIndex(entries: readonly string[]): (folded: string) => boolean {
  const { groups, always } = indexBy(entries, (c) =>
    c.length >= 2 && c.charCodeAt(0) < 0x80 && c.charCodeAt(1) < 0x80
      ? c.charCodeAt(0) * 0x80 + c.charCodeAt(1)
      : undefined,
  );
  const pairs = new Uint8Array(0x4000);
  for (const pair of groups.keys()) pairs[pair] = 1;
  return (folded) => {
    for (const entry of always) if (folded.includes(entry)) return true;
    if (groups.size === 0) return false;
    let next = folded.charCodeAt(0);
    for (let i = 0; i + 1 < folded.length; i++) {
      const code = next;
      next = folded.charCodeAt(i + 1);
      if (code >= 0x80 || next >= 0x80 || pairs[code * 0x80 + next] === 0) continue;
      for (const entry of groups.get(code * 0x80 + next) as string[])
        if (folded.startsWith(entry, i)) return true;
    }
    return false;
  };
}

/** `entries` grouped by `keyOf`; the ones it gives no key (too short) are matched always. */
function indexBy<K>(entries: readonly string[], keyOf: (entry: string) => K | undefined) {
  const groups = new Map<K, string[]>();
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
