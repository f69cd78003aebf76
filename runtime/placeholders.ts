/**
 * Placeholder links (docs/links.md, "Placeholders"): a slug segment `:name` matches one non-empty
 * segment. A placeholder link's key spells its pattern: its segments joined with `/`, literal ones
 * normalised like any key, placeholders as `:name`, then its tail: nothing, `/` (a trailing slash,
 * with `trailing_slash: strict` only) or `/*` (a splat). The compiler writes the keys (with each
 * link's `params`) into the registry manifest; the runtime compiles them here once per isolate and
 * matches a path against them without reading a shard.
 *
 * Precedence among placeholder links: more literal segments first, then more constrained
 * placeholders, then a pattern without a splat before one with it; the compiler refuses two that
 * can match one path with equal rank (SL383), so the order of equals never decides.
 */
import type { ParamRule, PlaceholderEntry } from "./contract/index.js";
import { normalizePath } from "./normalize.js";

/** A placeholder segment of a slug: `:` then an ASCII letter, then letters, digits or `_`. */
export const PLACEHOLDER_SEGMENT = /^:[A-Za-z][A-Za-z0-9_]*$/;
/** The splat's own placeholder in a target; no slug may name a placeholder so. */
export const SPLAT_NAME = "splat";

export type PlaceholderTail = "" | "/" | "*";

export interface Pattern {
  key: string;
  /** Each segment: a literal (normalised as keys are) or a placeholder with its rule. */
  segments: readonly (string | { name: string; rule?: ParamRule })[];
  tail: PlaceholderTail;
  /** [literal segments, constrained placeholders, 1 without a splat or 0 with one]: higher first. */
  rank: readonly [number, number, number];
}

/** Patterns of one shape, best first: by their first segment when it is literal, else together. */
export interface PatternBucket {
  readonly byFirst: ReadonlyMap<string, readonly Pattern[]>;
  readonly anyFirst: readonly Pattern[];
}

/**
 * The patterns of a registry, indexed for matching (compilePlaceholders): a path is tried only
 * against the patterns of its segment count (or with a splat) that start with its first segment
 * or with a placeholder, so a miss costs a few map lookups however many patterns there are.
 */
export interface PlaceholderTable {
  readonly size: number;
  /** Patterns without a splat, by segment count. */
  readonly byLength: ReadonlyMap<number, PatternBucket>;
  /** Patterns with a splat. */
  readonly splats: PatternBucket;
}

export const NO_PLACEHOLDERS: PlaceholderTable = {
  size: 0,
  byLength: new Map(),
  splats: { byFirst: new Map(), anyFirst: [] },
};

/**
 * The key of a slug that holds a placeholder segment, or null for any other slug. Literal segments
 * are normalised as lookup keys are (NFC, case folded unless the site is case-sensitive); names
 * keep their spelling. The compiler checks the slug first (lib/stages/2-validate/slugs.ts).
 */
export function placeholderKeyOf(slug: string, caseSensitive: boolean): string | null {
  if (!slug.includes(":")) return null;
  const tail = slug.endsWith("/*") ? "/*" : slug.endsWith("/") ? "/" : "";
  const segments = slug.slice(0, slug.length - tail.length).split("/");
  if (!segments.some((segment) => PLACEHOLDER_SEGMENT.test(segment))) return null;
  const keyed = segments.map((segment) => {
    if (PLACEHOLDER_SEGMENT.test(segment)) return segment;
    const normal = normalizePath("/" + segment, caseSensitive);
    return normal.ok && normal.segments.length === 1 ? normal.key : segment;
  });
  return keyed.join("/") + tail;
}

/** The tail and segments of a placeholder key (`issue/:id`, `:lang/docs/*`, `x/:y/`). */
export function splitPlaceholderKey(key: string): { segments: string[]; tail: PlaceholderTail } {
  if (key.endsWith("/*")) return { segments: key.slice(0, -2).split("/"), tail: "*" };
  if (key.endsWith("/")) return { segments: key.slice(0, -1).split("/"), tail: "/" };
  return { segments: key.split("/"), tail: "" };
}

export function patternOf(entry: PlaceholderEntry): Pattern {
  const [key, params = {}] = entry;
  const { segments, tail } = splitPlaceholderKey(key);
  let literals = 0;
  let constrained = 0;
  const compiled = segments.map((segment) => {
    if (!PLACEHOLDER_SEGMENT.test(segment)) {
      literals++;
      return segment;
    }
    const name = segment.slice(1);
    const rule = Object.hasOwn(params, name) ? params[name] : undefined;
    if (rule) constrained++;
    return rule ? { name, rule } : { name };
  });
  return { key, segments: compiled, tail, rank: [literals, constrained, tail === "*" ? 0 : 1] };
}

/** Higher rank first; equal ranks by key, so the order is the same everywhere. */
export function comparePatterns(a: Pattern, b: Pattern): number {
  for (let i = 0; i < 3; i++) if (a.rank[i] !== b.rank[i]) return b.rank[i] - a.rank[i];
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

export function compilePlaceholders(entries: readonly PlaceholderEntry[]): PlaceholderTable {
  if (entries.length === 0) return NO_PLACEHOLDERS;
  const patterns = entries.map(patternOf).sort(comparePatterns);
  const byLength = new Map<number, { byFirst: Map<string, Pattern[]>; anyFirst: Pattern[] }>();
  const splats = { byFirst: new Map<string, Pattern[]>(), anyFirst: [] as Pattern[] };
  for (const pattern of patterns) {
    let bucket = splats;
    if (pattern.tail !== "*") {
      const n = pattern.segments.length;
      if (!byLength.has(n)) byLength.set(n, { byFirst: new Map(), anyFirst: [] });
      bucket = byLength.get(n)!;
    }
    const first = pattern.segments[0];
    if (typeof first !== "string") bucket.anyFirst.push(pattern);
    else bucket.byFirst.set(first, [...(bucket.byFirst.get(first) ?? []), pattern]);
  }
  return { size: patterns.length, byLength, splats };
}

/** A path as matching sees it: keys folded as lookups are, values as the visitor wrote them. */
export interface MatchPath {
  keys: readonly string[];
  values: readonly string[];
  /** The request path ended with `/` and the site keeps trailing slashes (`strict`). */
  trailingSlash: boolean;
  strict: boolean;
}

export interface PlaceholderMatch {
  key: string;
  /** Each placeholder's value, decoded once, case kept. */
  params: Record<string, string>;
  /** Segments the pattern consumed: the splat remainder starts here. */
  depth: number;
}

export function matchPlaceholders(
  table: PlaceholderTable,
  path: MatchPath,
): PlaceholderMatch | undefined {
  if (table.size === 0 || path.keys.length === 0) return undefined;
  let best: Pattern | undefined;
  for (const bucket of [table.byLength.get(path.keys.length), table.splats]) {
    if (!bucket) continue;
    for (const list of [bucket.byFirst.get(path.keys[0]), bucket.anyFirst]) {
      const found = firstMatch(list, path);
      if (found && (!best || comparePatterns(found, best) < 0)) best = found;
    }
  }
  if (!best) return undefined;
  const params: Record<string, string> = {};
  best.segments.forEach((segment, i) => {
    if (typeof segment !== "string") params[segment.name] = path.values[i];
  });
  return { key: best.key, params, depth: best.segments.length };
}

function firstMatch(
  patterns: readonly Pattern[] | undefined,
  path: MatchPath,
): Pattern | undefined {
  if (!patterns) return undefined;
  for (const pattern of patterns) if (fits(pattern, path)) return pattern;
  return undefined;
}

function fits(pattern: Pattern, path: MatchPath): boolean {
  const n = path.keys.length;
  const p = pattern.segments.length;
  if (pattern.tail === "*") {
    // `x/*` answers `/x/` and below; `/x` itself too, unless trailing slashes are strict.
    if (n < p || (n === p && path.strict && !path.trailingSlash)) return false;
  } else if (pattern.tail === "/" ? !path.trailingSlash : path.strict && path.trailingSlash)
    return false;
  for (let i = 0; i < p; i++) {
    const segment = pattern.segments[i];
    if (typeof segment === "string") {
      if (segment !== path.keys[i]) return false;
    } else if (segment.rule && !meetsRule(path.values[i], segment.rule)) return false;
  }
  return true;
}

const DIGITS = /^[0-9]+$/;

/** ASCII digits within the rule's bounds (inclusive), compared as whole numbers of any length. */
export function meetsRule(value: string, rule: ParamRule): boolean {
  if (!DIGITS.test(value)) return false;
  if (rule.min !== undefined && compareDigits(value, rule.min) < 0) return false;
  if (rule.max !== undefined && compareDigits(value, rule.max) > 0) return false;
  return true;
}

function compareDigits(value: string, bound: number): number {
  const digits = value.replace(/^0+(?=\d)/, "");
  const other = String(bound);
  if (digits.length !== other.length) return digits.length - other.length;
  return digits < other ? -1 : digits > other ? 1 : 0;
}
