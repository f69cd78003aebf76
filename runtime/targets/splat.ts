/**
 * Rule 11: a splat value enters its target segment by segment. The caller gives the remainder
 * segments already percent-decoded once; each is refused if it is a dot segment or holds a
 * control character, then encoded with encodeURIComponent. `:splat` in the target is replaced;
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
  let encoded: string;
  try {
    encoded = remainder.map(encodeURIComponent).join("/");
  } catch {
    return refuse(11, "a splat segment is not well-formed Unicode (lone surrogate)");
  }
  if (target.includes(SPLAT_PLACEHOLDER))
    return { ok: true, url: target.split(SPLAT_PLACEHOLDER).join(encoded) };
  if (encoded === "") return { ok: true, url: target };
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { ok: true, url: target }; // not a URL: checkTarget refuses it next, with its rule
  }
  url.pathname = url.pathname.replace(/\/?$/, "/") + encoded;
  return { ok: true, url: url.href };
}
