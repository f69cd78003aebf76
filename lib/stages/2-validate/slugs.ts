/** Slug syntax: charset, length, splat marker, normalised lookup key. */
import { normalizePath, type NormalizeFailure } from "../../../runtime/normalize.js";
import { MAX_SLUG_LENGTH } from "../../../runtime/contract/index.js";
import { isReservedKey, RESERVED_PREFIXES } from "../../../runtime/routes.js";
import { badSlugCharacter, isSlugSegment } from "../../../runtime/slug.js";
import { CONTROL } from "../../../runtime/targets/index.js";
import { foldCase } from "../../../runtime/case-fold.js";
import {
  PLACEHOLDER_SEGMENT,
  placeholderKeyOf,
  SPLAT_NAME,
} from "../../../runtime/placeholders.js";
import type { LinkKind } from "../../../runtime/contract/index.js";

/** A refused character as the editor can see it: invisible ones by their code point. */
function showCharacter(c: string): string {
  const code = `U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, "0")}`;
  return CONTROL.test(c) ? `${code} (invisible or control)` : `${JSON.stringify(c)} (${code})`;
}

/** Paths no link may take even though the product does not serve them. */
export const DANGEROUS_PREFIXES: readonly string[] = [".well-known", ".git", ".env"];

export type ParsedSlug =
  | {
      ok: true;
      kind: LinkKind;
      key: string;
      segments: number;
      /** Placeholder links: the names of their placeholders, in order. */
      names?: string[];
    }
  | {
      ok: false;
      reason: string;
      /** SL380 a placeholder segment, SL384 a trailing slash; else SL302 (`longer…`) or SL301. */
      code?: "SL380" | "SL384";
    };

export interface SlugOptions {
  /** `/x/` is another path than `/x` (site.yaml `trailing_slash: strict`). */
  strictTrailingSlash?: boolean;
}

export function parseSlug(
  slug: string,
  caseSensitive: boolean,
  options: SlugOptions = {},
): ParsedSlug {
  if (slug.length > MAX_SLUG_LENGTH)
    return { ok: false, reason: `longer than ${MAX_SLUG_LENGTH} characters (${slug.length})` };
  const splat = slug === "*" || slug.endsWith("/*");
  let body = slug === "*" ? "" : splat ? slug.slice(0, -2) : slug;
  if (body === "" && splat) return { ok: true, kind: "splat", key: "", segments: 0 };
  const slash = !splat && body.length > 1 && body.endsWith("/") && !body.endsWith("//");
  if (slash && !options.strictTrailingSlash)
    return {
      ok: false,
      reason: "ends with `/`, which matching ignores: /x and /x/ are one path",
      code: "SL384",
    };
  if (slash) body = body.slice(0, -1);
  return (
    plainSlug(body, splat, slash, caseSensitive) ??
    parseSegments(slug, body, splat, slash, caseSensitive)
  );
}

/**
 * A body of ASCII slug segments, none empty, none a dot segment, none a placeholder: every
 * segment passes the checks below as it is, so it is judged by one test instead of a split and
 * two tests per segment (slugs.test.ts pins it to parseSegments).
 */
const PLAIN_BODY = /^(?!\.\.?(?:\/|$))[A-Za-z0-9_~.-]+(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9_~.-]+)*$/;

/** The parsed slug of a plain body (PLAIN_BODY), or undefined for any other body. */
export function plainSlug(
  body: string,
  splat: boolean,
  slash: boolean,
  caseSensitive: boolean,
): ParsedSlug | undefined {
  if (!PLAIN_BODY.test(body)) return undefined;
  const key = asciiBodyKey(body, caseSensitive);
  return {
    ok: true,
    kind: splat ? "splat" : "exact",
    key: slash ? key + "/" : key,
    segments: segmentCount(body),
  };
}

function segmentCount(body: string): number {
  let count = 1;
  for (let slash = body.indexOf("/"); slash >= 0; slash = body.indexOf("/", slash + 1)) count++;
  return count;
}

/** The plain definition: each segment of `body` checked on its own. */
export function parseSegments(
  slug: string,
  body: string,
  splat: boolean,
  slash: boolean,
  caseSensitive: boolean,
): ParsedSlug {
  const segments = body.split("/");
  const names: string[] = [];
  for (const segment of segments) {
    if (segment === "")
      return { ok: false, reason: "empty segment (leading, trailing or doubled `/`)" };
    if (segment.startsWith(":")) {
      const problem = placeholderProblem(segment, names);
      if (problem) return { ok: false, reason: problem, code: "SL380" };
      names.push(segment.slice(1));
      continue;
    }
    if (segment === "." || segment === "..")
      return { ok: false, reason: `dot segment "${segment}"` };
    // A segment of slug characters holds no bad one: look for it only in the rare other.
    const bad = isSlugSegment(segment) ? undefined : badSlugCharacter(segment);
    if (bad !== undefined)
      return { ok: false, reason: `character ${showCharacter(bad)} is not allowed` };
  }
  if (names.length > 0)
    return {
      ok: true,
      kind: "placeholder",
      key: placeholderKeyOf(slug, caseSensitive) as string,
      segments: segments.length,
      names,
    };
  const key = slugBodyKey(body, caseSensitive);
  if (typeof key !== "string") return { ok: false, reason: key.reason };
  return {
    ok: true,
    kind: splat ? "splat" : "exact",
    key: slash ? key + "/" : key,
    segments: segments.length,
  };
}

const ASCII = /^[\u0000-\u007f]*$/;

/**
 * normalizePath("/" + body)'s key, for a body of slug segments (none empty, none a dot segment):
 * an ASCII one holds no escape, backslash or control character and NFC leaves it alone, so its
 * key is the body itself, case-folded, without the path's segments and strings (slug-key.test.ts
 * pins it to normalizePath).
 */
export function slugBodyKey(
  body: string,
  caseSensitive: boolean,
): string | { reason: NormalizeFailure } {
  if (ASCII.test(body)) return asciiBodyKey(body, caseSensitive);
  const normalized = normalizePath("/" + body, caseSensitive);
  return normalized.ok ? normalized.key : { reason: normalized.reason };
}

function asciiBodyKey(body: string, caseSensitive: boolean): string {
  return caseSensitive ? body : foldCase(body);
}

/** Why a segment starting with `:` is no placeholder this slug may hold, or null. */
function placeholderProblem(segment: string, earlier: readonly string[]): string | null {
  if (!PLACEHOLDER_SEGMENT.test(segment))
    return `placeholder "${segment}" is not \`:\` then a name (an ASCII letter, then letters, digits or _), alone in its segment`;
  const name = segment.slice(1);
  if (name.startsWith(SPLAT_NAME))
    return `placeholder "${segment}": :${SPLAT_NAME} is the splat's own name in a target`;
  if (earlier.includes(name)) return `placeholder "${segment}" is named twice`;
  return null;
}

/** First segments of every reserved or dangerous prefix: most keys are cleared by one lookup. */
const RESERVED_HEADS = new Set(
  [...RESERVED_PREFIXES, ...DANGEROUS_PREFIXES].map((p) => p.split("/")[0]),
);

/** The reserved or dangerous prefix a key is, or lies below (case-folded comparison). */
export function reservedPrefixOf(key: string): string | undefined {
  return foldedReservedPrefix(foldCase(key));
}

/** reservedPrefixOf for a key already case-folded (folding twice changes nothing: slugs.test.ts). */
export function foldedReservedPrefix(lower: string): string | undefined {
  const slash = lower.indexOf("/");
  if (!RESERVED_HEADS.has(slash < 0 ? lower : lower.slice(0, slash))) return undefined;
  if (isReservedKey(lower))
    return RESERVED_PREFIXES.find((p) => lower === p || lower.startsWith(p + "/"));
  return DANGEROUS_PREFIXES.find((p) => lower === p || lower.startsWith(p + "/"));
}

/** Rule 12: a splat at `key` would also catch this reserved or dangerous path. */
export function shadowedReservedPath(key: string): string | undefined {
  const lower = foldCase(key);
  if (lower === "") return "/ (every path)";
  const own = foldedReservedPrefix(lower);
  if (own) return "/" + own;
  const below = [...RESERVED_PREFIXES, ...DANGEROUS_PREFIXES].find((p) =>
    p.startsWith(lower + "/"),
  );
  return below ? "/" + below : undefined;
}

/**
 * Rule 12 for a placeholder link with a splat (`:lang/*`): the reserved or dangerous path whose
 * whole subtree it would catch: its literal segments agree with the path's, and every segment it
 * has past the path's is a placeholder.
 */
export function patternShadows(key: string): string | undefined {
  const segments = key.slice(0, -2).split("/");
  const isPlaceholder = (segment: string) => PLACEHOLDER_SEGMENT.test(segment);
  return [...RESERVED_PREFIXES, ...DANGEROUS_PREFIXES]
    .map((path) => path.split("/"))
    .find((path) =>
      segments.every((segment, i) =>
        i < path.length ? isPlaceholder(segment) || segment === path[i] : isPlaceholder(segment),
      ),
    )
    ?.join("/")
    .replace(/^/, "/");
}
