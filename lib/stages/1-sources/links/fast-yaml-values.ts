/**
 * The one-line values the fast YAML reader (fast-yaml.ts) accepts: quoted and plain scalars and
 * flow lists of plain scalars, resolved as the YAML 1.2 core schema does; NOPE for anything else,
 * which the yaml package then reads. fast-yaml.test.ts pins every value to `yaml.parse`.
 */
export const NOPE = Symbol("outside the fast subset");
/** YAML white space is space and tab only (JavaScript's trim() also eats \v, NBSP, ...). */
export const isBlank = (code: number) => code === 32 || code === 9;
function trimStart(t: string): string {
  let start = 0;
  while (start < t.length && isBlank(t.charCodeAt(start))) start++;
  return start === 0 ? t : t.slice(start);
}
function trimEnd(t: string): string {
  let end = t.length;
  while (end > 0 && isBlank(t.charCodeAt(end - 1))) end--;
  return end === t.length ? t : t.slice(0, end);
}
const trim = (t: string) => trimEnd(trimStart(t));

export function parseValue(t: string): unknown {
  // The value starts after the key's spaces and ends with its line: only trailing blanks to trim.
  if (isBlank(t.charCodeAt(t.length - 1))) t = trimEnd(t);
  const first = t.charCodeAt(0);
  if (first === 34) {
    // Without an escape or a control character, JSON.parse would give the text between the quotes.
    const plain = plainDoubleEnd(t);
    if (plain > 0 && onlyComment(t, plain + 1)) return t.slice(1, plain);
    const close = closingDouble(t);
    if (close < 0 || !onlyComment(t, close + 1)) return NOPE;
    try {
      return JSON.parse(close === t.length - 1 ? t : t.slice(0, close + 1)) as string;
    } catch {
      return NOPE;
    }
  }
  if (first === 39) {
    const close = closingSingle(t);
    if (close < 0 || !onlyComment(t, close + 1)) return NOPE;
    return t.slice(1, close).replace(/''/g, "'");
  }
  if (first === 91) return parseFlowList(t);
  return plainScalar(stripComment(t));
}

/** The closing quote's place when no backslash or control character comes before it, else -1. */
function plainDoubleEnd(t: string): number {
  for (let i = 1; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 34) return i;
    if (c === 92 || c < 32) return -1;
  }
  return -1;
}

function closingDouble(t: string): number {
  for (let i = 1; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 34) return i;
  }
  return -1;
}

function closingSingle(t: string): number {
  for (let i = 1; i < t.length; i++) {
    if (t.charCodeAt(i) !== 39) continue;
    if (t.charCodeAt(i + 1) === 39) i++;
    else return i;
  }
  return -1;
}

/** Whether `t` from `from` on is blank, or blanks and a comment. */
function onlyComment(t: string, from: number): boolean {
  if (from === t.length) return true;
  const rest = t.slice(from);
  return trim(rest) === "" || /^[ \t]+#/.test(rest);
}

function stripComment(t: string): string {
  const hash = t.includes("#") ? t.search(/[ \t]#/) : -1;
  return hash < 0 ? t : trimEnd(t.slice(0, hash));
}

/** `[a, b]`: the items are plain scalars without quotes, brackets, braces, `#` or `:`. */
function parseFlowList(t: string): unknown {
  const close = t.indexOf("]");
  if (close < 0 || !onlyComment(t, close + 1)) return NOPE;
  const values: unknown[] = [];
  let blankOnly = true;
  let from = 1;
  for (let at = 1; at <= close; at++) {
    const c = t.charCodeAt(at);
    if (at < close && c !== 44) {
      // ["'[\]{}#:] inside the brackets: fall back.
      if (
        c === 34 ||
        c === 39 ||
        c === 91 ||
        c === 93 ||
        c === 123 ||
        c === 125 ||
        c === 35 ||
        c === 58
      )
        return NOPE;
      if (!isBlank(c)) blankOnly = false;
      continue;
    }
    let s = from;
    let e = at;
    while (s < e && isBlank(t.charCodeAt(s))) s++;
    while (e > s && isBlank(t.charCodeAt(e - 1))) e--;
    if (s === e) {
      if (at === close && blankOnly) return values.length === 0 ? values : NOPE;
      return NOPE;
    }
    const value = plainScalar(t.slice(s, e));
    if (value === NOPE) return NOPE;
    values.push(value);
    from = at + 1;
  }
  return values;
}

/** `[&*!|>{}[\],%@\`#'"]`: a plain scalar cannot start with one. */
const INDICATOR = new Set([..."&*!|>{}[],%@`#'\""].map((c) => c.charCodeAt(0)));

/** YAML 1.2 core schema resolution of a one-line plain scalar. */
function plainScalar(t: string): unknown {
  if (t === "" || t === "~" || t === "null" || t === "Null" || t === "NULL") return null;
  const first = t.charCodeAt(0);
  if (INDICATOR.has(first)) return NOPE;
  // [-?:] followed by a blank or nothing.
  if (
    (first === 45 || first === 63 || first === 58) &&
    (t.length === 1 || isBlank(t.charCodeAt(1)))
  )
    return NOPE;
  if (t.includes(": ") || t.endsWith(":") || t.startsWith("---") || t.startsWith("..."))
    return NOPE;
  // A boolean starts with t or f in either case: a number, a tag or a word does not look further.
  if (t.length <= 5 && (first === 116 || first === 84) && /^(true|True|TRUE)$/.test(t)) return true;
  if (t.length <= 5 && (first === 102 || first === 70) && /^(false|False|FALSE)$/.test(t))
    return false;
  // Every number form below starts with [-+.0-9]: a word or a URL skips the six tests.
  if (!(first === 45 || first === 43 || first === 46 || (first >= 48 && first <= 57))) return t;
  if (/^[-+]?[0-9]+$/.test(t)) return Number(t);
  if (/^0o[0-7]+$/.test(t)) return parseInt(t.slice(2), 8);
  if (/^0x[0-9a-fA-F]+$/.test(t)) return parseInt(t.slice(2), 16);
  if (/^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(t)) return Number(t);
  if (/^[-+]?\.(inf|Inf|INF)$/.test(t)) return t.startsWith("-") ? -Infinity : Infinity;
  if (/^\.(nan|NaN|NAN)$/.test(t)) return NaN;
  return t;
}
