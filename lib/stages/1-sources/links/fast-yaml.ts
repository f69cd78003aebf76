/**
 * A fast reader for the plain shape link files almost always have: a top-level block sequence of
 * flat mappings whose values are one-line scalars, one-line flow lists, or one nested mapping of
 * those. It returns `undefined` for anything else and the caller falls back to the `yaml`
 * package, so the fast path never decides a YAML question it is unsure of. For every input it
 * accepts, the values equal `yaml.parse` (YAML 1.2 core schema); fast-yaml.test.ts pins that.
 */
import { isBlank, NOPE, parseValue } from "./fast-yaml-values.js";
import type { RawRow } from "./raw-row.js";

/** Characters YAML treats differently from JavaScript (controls, BOM, lone surrogates): fall back. */
const UNSAFE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\ufeff\ud800-\udfff]/u;
const NON_STRING_KEY = /^(true|True|TRUE|false|False|FALSE|null|Null|NULL)$/;
/** `[A-Za-z_]`, and `[A-Za-z0-9_-]` after it: the characters of a key the fast path reads. */
const isKeyStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isKeyChar = (c: number) => isKeyStart(c) || (c >= 48 && c <= 57) || c === 45;
type Map = Record<string, unknown>;

/**
 * The reader's place in the text. Rows of one file almost always name the same keys in the same
 * order: `keys[n]` is the key the last row had as its n-th field (and `nested[n]` its n-th
 * nested one), so a row's key is the string read before instead of a new one each row
 * (docs/performance.md, "Round seven: reading the sources").
 */
interface Reader {
  text: string;
  crs: boolean;
  row: RawRow | undefined;
  map: Map;
  fieldIndent: number;
  fields: number;
  /** A key written without a value: a nested mapping may follow. */
  openKey: string | undefined;
  openIndent: number;
  openMap: Map | undefined;
  childIndent: number;
  childFields: number;
  keys: string[];
  nested: string[];
  /** `parent.child` of `nested[n]` under the parent `nestedParents[n]`. */
  nestedParents: string[];
  dotted: string[];
  keyEnd: number;
  valueAt: number;
}

export function readYamlRowsFast(text: string, file: string): RawRow[] | undefined {
  const rows: RawRow[] = [];
  return eachYamlRowFast(text, file, (row) => rows.push(row)) ? rows : undefined;
}

/**
 * Each row of `text` handed to `each` as soon as it is read, in order, so a caller may check it
 * and let it go before the next (docs/performance.md, "Round seven: reading the sources"). False
 * when the text is outside the fast subset: the rows handed so far are then to be dropped, and
 * the yaml package reads the text.
 */
export function eachYamlRowFast(text: string, file: string, each: (row: RawRow) => void): boolean {
  // Most files hold no tab, CR or unsafe character at all: one look at the text, not one per line.
  const tabs = text.includes("\t");
  const unsafe = UNSAFE.test(text);
  const crs = text.includes("\r");
  // A last line no newline ends: yaml refuses a tab in it and keeps a CR ending it as text.
  if (tabs || crs) {
    const last = text.slice(text.lastIndexOf("\n") + 1);
    if ((tabs && last.includes("\t")) || (crs && last.endsWith("\r"))) return false;
  }
  const r: Reader = {
    text,
    crs,
    row: undefined,
    map: {},
    fieldIndent: -1,
    fields: 0,
    openKey: undefined,
    openIndent: 0,
    openMap: undefined,
    childIndent: 0,
    childFields: 0,
    keys: [],
    nested: [],
    nestedParents: [],
    dotted: [],
    keyEnd: 0,
    valueAt: 0,
  };
  let seqIndent = -1;
  let lineNo = 0;
  for (let start = 0; start <= text.length;) {
    lineNo++;
    const newline = text.indexOf("\n", start);
    const next = newline < 0 ? text.length + 1 : newline + 1;
    let end = newline < 0 ? text.length : newline;
    if (crs && end > start && text.charCodeAt(end - 1) === 13) end--;
    const lineStart = start;
    start = next;
    let at = lineStart;
    while (at < end && isBlank(text.charCodeAt(at))) at++;
    if (at === end || text.charCodeAt(at) === 35) continue;
    if (tabs || unsafe) {
      const line = text.slice(lineStart, end);
      if ((tabs && line.includes("\t")) || (unsafe && UNSAFE.test(line))) return false;
    }
    const indent = at - lineStart;
    if (text.charCodeAt(at) === 45 && (at + 1 === end || text.charCodeAt(at + 1) === 32)) {
      if (seqIndent === -1) seqIndent = indent;
      if (indent !== seqIndent) return false;
      if (r.row) closeItem(r, each);
      let rest = at + 1;
      while (rest < end && isBlank(text.charCodeAt(rest))) rest++;
      r.map = {};
      r.row = { file, line: lineNo, value: r.map, fieldLines: {} };
      r.fieldIndent = -1;
      r.fields = 0;
      if (rest === end || text.charCodeAt(rest) === 35) continue;
      if (!addField(r, rest, end, lineNo, indent + (rest - at))) return false;
      continue;
    }
    if (!r.row || indent <= seqIndent) return false;
    if (r.openKey !== undefined && indent > r.openIndent) {
      if (!addNested(r, at, end, indent, lineNo)) return false;
      continue;
    }
    if (!addField(r, at, end, lineNo, indent)) return false;
  }
  if (!r.row) return false;
  closeItem(r, each);
  return true;
}

/**
 * `^([A-Za-z_][A-Za-z0-9_-]*):(?:[ ]+(.*))?$` on the line's text from `from` to `to`: the end of
 * the key (`r.keyEnd`) and where its value starts (`r.valueAt`, `to + 1` for none).
 */
function keyLine(r: Reader, from: number, to: number): boolean {
  const text = r.text;
  if (from >= to || !isKeyStart(text.charCodeAt(from))) return false;
  let at = from + 1;
  while (at < to && isKeyChar(text.charCodeAt(at))) at++;
  if (at >= to || text.charCodeAt(at) !== 58) return false;
  r.keyEnd = at++;
  r.valueAt = to + 1;
  if (at === to) return true;
  if (text.charCodeAt(at) !== 32) return false;
  while (at < to && text.charCodeAt(at) === 32) at++;
  // `.` matches no carriage return: one inside the line makes it no key line.
  if (r.crs) {
    const cr = text.indexOf("\r", at);
    if (cr >= 0 && cr < to) return false;
  }
  r.valueAt = at;
  return true;
}

/** The key from `from` to `end`: the one `cache[slot]` holds when it is the same text. */
function keyAt(r: Reader, cache: string[], slot: number, from: number, end: number) {
  const known = cache[slot];
  if (known !== undefined && known.length === end - from && r.text.startsWith(known, from))
    return known;
  const key = r.text.slice(from, end);
  if (NON_STRING_KEY.test(key)) return undefined;
  cache[slot] = key;
  return key;
}

function addField(r: Reader, from: number, to: number, lineNo: number, indent: number): boolean {
  if (r.fieldIndent === -1) r.fieldIndent = indent;
  else if (r.fieldIndent !== indent) return false;
  r.openKey = undefined;
  if (!keyLine(r, from, to)) return false;
  const key = keyAt(r, r.keys, r.fields, from, r.keyEnd);
  if (key === undefined || key in r.map) return false;
  r.fields++;
  (r.row as RawRow).fieldLines[key] = lineNo;
  if (r.valueAt > to || r.text.charCodeAt(r.valueAt) === 35) {
    r.map[key] = null;
    r.openKey = key;
    r.openIndent = indent;
    r.openMap = undefined;
    return true;
  }
  const value = parseValue(r.text.slice(r.valueAt, to));
  if (value === NOPE) return false;
  r.map[key] = value;
  return true;
}

function addNested(r: Reader, from: number, to: number, indent: number, lineNo: number): boolean {
  const parent = r.openKey as string;
  if (r.openMap === undefined) {
    r.openMap = {};
    r.childIndent = indent;
    r.childFields = 0;
    r.map[parent] = r.openMap;
  }
  if (r.childIndent !== indent) return false;
  if (!keyLine(r, from, to) || r.valueAt > to || r.text.charCodeAt(r.valueAt) === 35) return false;
  const slot = r.childFields;
  const known = r.nested[slot];
  const key = keyAt(r, r.nested, slot, from, r.keyEnd);
  if (key === undefined || key in r.openMap) return false;
  const value = parseValue(r.text.slice(r.valueAt, to));
  if (value === NOPE) return false;
  r.openMap[key] = value;
  r.childFields++;
  if (key !== known || r.nestedParents[slot] !== parent) {
    r.nestedParents[slot] = parent;
    r.dotted[slot] = `${parent}.${key}`;
  }
  (r.row as RawRow).fieldLines[r.dotted[slot]] = lineNo;
  return true;
}

function closeItem(r: Reader, each: (row: RawRow) => void): void {
  r.openKey = undefined;
  const row = r.row as RawRow;
  if (r.fields === 0) row.value = null;
  each(row);
}
