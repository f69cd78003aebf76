/**
 * Path normalisation (docs/runtime.md). Strict: anything ambiguous is refused, and a
 * refused path is answered with a 404 by the caller.
 */
import { foldCase } from "./case-fold.js";

export type NormalizeFailure =
  "invalid-escape" | "encoded-separator" | "control-character" | "dot-segment" | "backslash";

export type NormalizedPath =
  | {
      ok: true;
      /** Decoded segments as the visitor wrote them (case kept), NFC, empty segments dropped. */
      segments: string[];
      /** `/` + segments joined: the canonical path, case kept. */
      path: string;
      /** Lookup key: segments joined, case-folded (foldCase) unless matching is case-sensitive. */
      key: string;
    }
  | { ok: false; reason: NormalizeFailure };

// C0 controls, DEL and C1 controls.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const ENCODED_SEPARATOR = /%(2f|5c)/i;

export function normalizePath(rawPath: string, caseSensitive: boolean): NormalizedPath {
  if (rawPath.includes("\\")) return { ok: false, reason: "backslash" };
  const segments: string[] = [];
  for (const raw of rawPath.split("/")) {
    if (raw === "") continue;
    let decoded = raw;
    // Without a `%` a segment has no escape to decode or refuse.
    if (raw.includes("%")) {
      if (ENCODED_SEPARATOR.test(raw)) return { ok: false, reason: "encoded-separator" };
      try {
        decoded = decodeURIComponent(raw);
      } catch {
        return { ok: false, reason: "invalid-escape" };
      }
    }
    if (CONTROL.test(decoded)) return { ok: false, reason: "control-character" };
    if (decoded === "." || decoded === "..") return { ok: false, reason: "dot-segment" };
    segments.push(decoded.normalize("NFC"));
  }
  const joined = segments.join("/");
  return {
    ok: true,
    segments,
    path: "/" + joined,
    key: caseSensitive ? joined : foldCase(joined),
  };
}

/**
 * A forgiving canonical form used only to recognise private files and probes in any spelling:
 * it never refuses, so `/%6Cinks.json`, `//LINKS.JSON/` and `/links.json%00` all fold together.
 */
export function foldPathForGuards(rawPath: string): string {
  const shape = shapeOf(rawPath);
  if (shape === FOLDED) return rawPath;
  if (shape === CASE_ONLY) return foldCase(rawPath);
  let decoded = rawPath;
  for (let i = 0; i < 3 && decoded.includes("%"); i++) {
    decoded = decoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
  }
  const folded = foldCase(decoded.replace(/\\/g, "/").replace(/[\u0000-\u0020\u007f]+$/g, ""))
    .split("/")
    .filter((s) => s !== "" && s !== ".")
    .join("/");
  return "/" + folded;
}

/** Already folded: ASCII in its folded shape, no capital letter (most requests', every folded key's). */
const FOLDED = 0;
/**
 * In its folded shape but for case: `/`, then segments that are neither empty nor `.`, no escape,
 * no backslash, no trailing control or space.
 */
const CASE_ONLY = 1;
/** Anything else: decoded and its segments folded one by one. */
const OTHER = 2;

/** How far `path` is from its folded shape, told by one look at each code unit. */
function shapeOf(path: string): number {
  const length = path.length;
  if (length < 2 || path.charCodeAt(0) !== SLASH) return OTHER;
  let folded = true;
  let before = SLASH;
  let last = SLASH;
  for (let i = 1; i < length; i++) {
    const code = path.charCodeAt(i);
    if (code === PERCENT || code === BACKSLASH) return OTHER;
    // `//`, or `/./`: a segment empty or `.`.
    if (code === SLASH && (last === SLASH || (last === DOT && before === SLASH))) return OTHER;
    if (code >= 0x80 || (code >= 0x41 && code <= 0x5a)) folded = false;
    before = last;
    last = code;
  }
  // A trailing `/` or `/.`, control or space.
  if (last === SLASH || (last === DOT && before === SLASH) || last <= 0x20 || last === 0x7f)
    return OTHER;
  return folded ? FOLDED : CASE_ONLY;
}

const SLASH = 0x2f;
const DOT = 0x2e;
const PERCENT = 0x25;
const BACKSLASH = 0x5c;
