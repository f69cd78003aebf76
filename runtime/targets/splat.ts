/**
 * Rule 11: a splat value or a placeholder value enters its target segment by segment. The caller
 * gives the remainder segments and the placeholder values already percent-decoded once; each is
 * refused if it is a dot segment or holds a control character, then encoded for where it lands: in
 * the path as an RFC 3986 path segment (`encodePathSegment`), in the query or fragment as a
 * component (`encodeURIComponent`), so it never adds a path segment, a query key or a fragment.
 * `:splat` and each captured `:name` in the target are replaced (a `:name` the slug does not
 * capture stays as written); without `:splat` the remainder is appended to the target path (query
 * and fragment stay intact). The caller judges the result with checkTarget again.
 */
import { CONTROL, describeControl, refuse, type TargetFailure } from "./rules.js";

export const SPLAT_PLACEHOLDER = ":splat";

// Scheme, slashes and authority: a value must never land here (the visitor would pick the host).
const AUTHORITY = /^[a-z][a-z0-9+.-]*:[/\\]*[^/\\?#]*/i;
// `:splat` as a prefix (as splat targets have always been read), else a whole `:name`.
const TOKEN = /:splat|:([A-Za-z]\w*)/g;

export interface TemplateValues {
  /** The splat remainder, one decoded segment each. */
  splat?: readonly string[];
  /** Placeholder values by name, decoded once. */
  params?: Readonly<Record<string, string>>;
  /** Append the remainder to the target path when the target has no `:splat`. */
  append?: boolean;
  /** The request path ended with `/` and trailing slashes are strict: a remainder keeps it. */
  trailingSlash?: boolean;
}

interface Token {
  at: number;
  text: string;
  /** `splat`, or the placeholder's name. */
  name: string;
}

function tokensOf(target: string, names: ReadonlySet<string>): Token[] {
  const found: Token[] = [];
  for (const match of target.matchAll(TOKEN)) {
    const name = match[1] ?? "splat";
    if (name === "splat" || names.has(name)) found.push({ at: match.index, text: match[0], name });
  }
  return found;
}

/**
 * Why a target template is unsafe, or null: `:splat` or a captured placeholder in the scheme or
 * host. Also used by the compiler at build time.
 */
export function templateProblem(target: string, names: Iterable<string> = []): string | null {
  const found = tokensOf(target, new Set(names));
  if (found.length === 0) return null;
  const authority = AUTHORITY.exec(target);
  const bad = found.find((t) => !authority || t.at < authority[0].length);
  return bad
    ? `"${bad.text}" must be in the path, query or fragment, never in the scheme or host`
    : null;
}

/** Why a splat target template is unsafe, or null. */
export function splatTemplateProblem(target: string): string | null {
  return target.includes(SPLAT_PLACEHOLDER) ? templateProblem(target) : null;
}

export function expandSplat(
  target: string,
  remainder: readonly string[],
): { ok: true; url: string } | TargetFailure {
  return expandTarget(target, { splat: remainder, append: true });
}

export function expandTarget(
  target: string,
  values: TemplateValues,
): { ok: true; url: string } | TargetFailure {
  const remainder = values.splat ?? [];
  const params = values.params ?? {};
  for (const [i, segment] of remainder.entries()) {
    const problem = valueProblem(segment);
    if (problem) return refuse(11, `splat segment ${i + 1} ${problem}`);
  }
  const found = tokensOf(target, new Set(Object.keys(params)));
  for (const token of found) {
    const problem = token.name === "splat" ? null : valueProblem(params[token.name]);
    if (problem) return refuse(11, `placeholder :${token.name} ${problem}`);
  }
  const problem = templateProblem(target, Object.keys(params));
  if (problem) return refuse(11, problem);
  const slash = values.trailingSlash && remainder.length > 0 ? "/" : "";
  let url: string;
  let inPath: string;
  try {
    inPath = remainder.map(encodePathSegment).join("/") + slash;
    const inComponent = remainder.map(encodeURIComponent).join("/") + slash;
    url = fill(target, found, (token, path) =>
      token.name === "splat"
        ? path
          ? inPath
          : inComponent
        : (path ? encodePathSegment : encodeURIComponent)(params[token.name]),
    );
  } catch {
    return refuse(11, "a value is not well-formed Unicode (lone surrogate)");
  }
  if (!values.append || found.some((t) => t.name === "splat") || inPath === "")
    return { ok: true, url };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: true, url }; // not a URL: checkTarget refuses it next, with its rule
  }
  parsed.pathname = parsed.pathname.replace(/\/?$/, "/") + inPath;
  return { ok: true, url: parsed.href };
}

function valueProblem(value: string): string | null {
  if (value === "." || value === "..") return `is a dot segment ("${value}")`;
  if (CONTROL.test(value)) return `holds a control character (${describeControl(value)})`;
  return null;
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
  // What encodeURIComponent leaves alone needs no escape put back (encode-segment.test.ts).
  return UNESCAPED.test(segment) ? segment : escapedPathSegment(segment);
}

/** encodePathSegment's definition: every character escaped, the legal ones put back. */
export function escapedPathSegment(segment: string): string {
  return encodeURIComponent(segment).replace(SEGMENT_LEGAL, (escape) => decodeURIComponent(escape));
}

/** Characters encodeURIComponent never escapes. */
const UNESCAPED = /^[A-Za-z0-9\-_.!~*'()]*$/;

/** Each token gets the encoding of its position: path before `?`/`#`, component after. */
function fill(
  target: string,
  found: readonly Token[],
  value: (token: Token, inPath: boolean) => string,
): string {
  if (found.length === 0) return target;
  const hash = target.indexOf("#");
  const query = target.indexOf("?");
  const pathEnd = Math.min(
    hash === -1 ? target.length : hash,
    query === -1 ? target.length : query,
  );
  let out = "";
  let from = 0;
  for (const token of found) {
    out += target.slice(from, token.at) + value(token, token.at < pathEnd);
    from = token.at + token.text.length;
  }
  return out + target.slice(from);
}

/** Where a target's scheme and host end (a value before it would pick the host), or -1. */
export function authorityEndOf(target: string): number {
  const authority = AUTHORITY.exec(target);
  return authority ? authority[0].length : -1;
}

/** Where a target's path ends: its first `?` or `#` (or its end). */
export function pathEndOf(target: string): number {
  const hash = target.indexOf("#");
  const query = target.indexOf("?");
  return Math.min(hash === -1 ? target.length : hash, query === -1 ? target.length : query);
}

/**
 * Each occurrence of `placeholder` gets the encoding of its position: `inPath` before the first
 * `?`/`#`, `inComponent` after (a private link's `{user.*}` values, targets/identity.ts).
 */
export function fillPlaceholder(
  target: string,
  placeholder: string,
  inPath: string,
  inComponent: string,
): string {
  const pathEnd = pathEndOf(target);
  const parts = target.split(placeholder);
  let out = parts[0];
  let at = parts[0].length;
  for (const part of parts.slice(1)) {
    out += (at < pathEnd ? inPath : inComponent) + part;
    at += placeholder.length + part.length;
  }
  return out;
}
