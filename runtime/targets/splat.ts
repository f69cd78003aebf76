/**
 * Rule 11: a splat value enters its target segment by segment. The caller gives the remainder
 * segments already percent-decoded once; each is refused if it is a dot segment or holds a
 * control character, then encoded for where it lands: in the path as an RFC 3986 path segment
 * (`encodePathSegment`), in the query or fragment as a component (`encodeURIComponent`), so it
 * never adds a path segment, a query key or a fragment. `:splat` in the target is replaced;
 * otherwise the remainder is appended to the target path (query and fragment stay intact).
 * The caller judges the result with checkTarget again.
 */
import { CONTROL, describeControl, refuse, type TargetFailure } from "./rules.js";

export const SPLAT_PLACEHOLDER = ":splat";

// Scheme, slashes and authority: the placeholder must never land here (the visitor would pick the host).
const AUTHORITY = /^[a-z][a-z0-9+.-]*:[/\\]*[^/\\?#]*/i;

/** Why a splat target template is unsafe, or null. Also used by the compiler at build time. */
export function splatTemplateProblem(target: string): string | null {
  const at = target.indexOf(SPLAT_PLACEHOLDER);
  if (at === -1) return null;
  const authority = AUTHORITY.exec(target);
  if (!authority || at < authority[0].length)
    return `"${SPLAT_PLACEHOLDER}" must be in the path, query or fragment, never in the scheme or host`;
  return null;
}

export function expandSplat(
  target: string,
  remainder: readonly string[],
): { ok: true; url: string } | TargetFailure {
  for (const [i, segment] of remainder.entries()) {
    if (segment === "." || segment === "..")
      return refuse(11, `splat segment ${i + 1} is a dot segment ("${segment}")`);
    if (CONTROL.test(segment))
      return refuse(
        11,
        `splat segment ${i + 1} holds a control character (${describeControl(segment)})`,
      );
  }
  const problem = splatTemplateProblem(target);
  if (problem) return refuse(11, problem);
  let inPath: string;
  let inComponent: string;
  try {
    inPath = remainder.map(encodePathSegment).join("/");
    inComponent = remainder.map(encodeURIComponent).join("/");
  } catch {
    return refuse(11, "a splat segment is not well-formed Unicode (lone surrogate)");
  }
  if (target.includes(SPLAT_PLACEHOLDER))
    return { ok: true, url: fillPlaceholders(target, inPath, inComponent) };
  if (inPath === "") return { ok: true, url: target };
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { ok: true, url: target }; // not a URL: checkTarget refuses it next, with its rule
  }
  url.pathname = url.pathname.replace(/\/?$/, "/") + inPath;
  return { ok: true, url: url.href };
}

/**
 * Characters RFC 3986 lets a path segment hold as they are (`pchar`: unreserved, sub-delims,
 * `:` and `@`) that encodeURIComponent escapes anyway; they are put back.
 */
const SEGMENT_LEGAL = /%(24|26|2B|2C|3A|3B|3D|40)/g;

/**
 * One path segment per RFC 3986: `+ : ; = @ ! $ & ' ( ) * ,` stay; `/ ? # % \`, space,
 * controls, other delimiters and non-ASCII (as UTF-8) are escaped. Throws on a lone surrogate.
 */
export function encodePathSegment(segment: string): string {
  return encodeURIComponent(segment).replace(SEGMENT_LEGAL, (escape) => decodeURIComponent(escape));
}

/** Each placeholder gets the encoding of its position: path before `?`/`#`, component after. */
function fillPlaceholders(target: string, inPath: string, inComponent: string): string {
  const hash = target.indexOf("#");
  const query = target.indexOf("?");
  const pathEnd = Math.min(
    hash === -1 ? target.length : hash,
    query === -1 ? target.length : query,
  );
  const parts = target.split(SPLAT_PLACEHOLDER);
  let out = parts[0];
  let at = parts[0].length;
  for (const part of parts.slice(1)) {
    out += (at < pathEnd ? inPath : inComponent) + part;
    at += SPLAT_PLACEHOLDER.length + part.length;
  }
  return out;
}
