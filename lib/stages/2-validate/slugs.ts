/** Slug syntax: charset, length, splat marker, normalised lookup key. */
import { normalizePath } from "../../../runtime/normalize.js";
import { MAX_SLUG_LENGTH } from "../../../runtime/contract/index.js";
import { isReservedKey, RESERVED_PREFIXES } from "../../../runtime/routes.js";
import { badSlugCharacter } from "../../../runtime/slug.js";
import { CONTROL } from "../../../runtime/targets/index.js";
import { foldCase } from "../../../runtime/case-fold.js";

/** A refused character as the editor can see it: invisible ones by their code point. */
function showCharacter(c: string): string {
  const code = `U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, "0")}`;
  return CONTROL.test(c) ? `${code} (invisible or control)` : `${JSON.stringify(c)} (${code})`;
}

/** Paths no link may take even though the product does not serve them. */
export const DANGEROUS_PREFIXES: readonly string[] = [".well-known", ".git", ".env"];

export type ParsedSlug =
  | { ok: true; kind: "exact" | "splat"; key: string; segments: number }
  | { ok: false; reason: string };

export function parseSlug(slug: string, caseSensitive: boolean): ParsedSlug {
  if (slug.length > MAX_SLUG_LENGTH)
    return { ok: false, reason: `longer than ${MAX_SLUG_LENGTH} characters (${slug.length})` };
  const splat = slug === "*" || slug.endsWith("/*");
  const body = slug === "*" ? "" : splat ? slug.slice(0, -2) : slug;
  if (body === "" && splat) return { ok: true, kind: "splat", key: "", segments: 0 };
  const segments = body.split("/");
  for (const segment of segments) {
    if (segment === "")
      return { ok: false, reason: "empty segment (leading, trailing or doubled `/`)" };
    if (segment === "." || segment === "..")
      return { ok: false, reason: `dot segment "${segment}"` };
    const bad = badSlugCharacter(segment);
    if (bad !== undefined)
      return { ok: false, reason: `character ${showCharacter(bad)} is not allowed` };
  }
  const normalized = normalizePath("/" + body, caseSensitive);
  if (!normalized.ok) return { ok: false, reason: normalized.reason };
  return {
    ok: true,
    kind: splat ? "splat" : "exact",
    key: normalized.key,
    segments: normalized.segments.length,
  };
}

/** First segments of every reserved or dangerous prefix: most keys are cleared by one lookup. */
const RESERVED_HEADS = new Set(
  [...RESERVED_PREFIXES, ...DANGEROUS_PREFIXES].map((p) => p.split("/")[0]),
);

/** The reserved or dangerous prefix a key is, or lies below (case-folded comparison). */
export function reservedPrefixOf(key: string): string | undefined {
  const lower = foldCase(key);
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
  const own = reservedPrefixOf(lower);
  if (own) return "/" + own;
  const below = [...RESERVED_PREFIXES, ...DANGEROUS_PREFIXES].find((p) =>
    p.startsWith(lower + "/"),
  );
  return below ? "/" + below : undefined;
}
