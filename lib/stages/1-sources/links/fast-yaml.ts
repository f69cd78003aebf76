/**
 * A fast reader for the plain shape link files almost always have: a top-level block sequence of
 * flat mappings whose values are one-line scalars, one-line flow lists, or one nested mapping of
 * those. It returns `undefined` for anything else and the caller falls back to the `yaml`
 * package, so the fast path never decides a YAML question it is unsure of. For every input it
 * accepts, the values equal `yaml.parse` (YAML 1.2 core schema); fast-yaml.test.ts pins that.
 */
import type { RawRow } from "./raw-row.js";

const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?:[ ]+(.*))?$/;
const NON_STRING_KEY = /^(true|True|TRUE|false|False|FALSE|null|Null|NULL)$/;
const NUMBER_START = /^[-+.0-9]/;
const NOPE = Symbol("outside the fast subset");
/** Characters YAML treats differently from JavaScript (controls, BOM, lone surrogates): fall back. */
const UNSAFE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\ufeff\ud800-\udfff]/u;
/** YAML white space is space and tab only (JavaScript's trim() also eats \v, NBSP, ...). */
const isBlank = (code: number) => code === 32 || code === 9;
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
type Map = Record<string, unknown>;

interface Item {
  row: RawRow;
  map: Map;
  fieldIndent: number;
  fields: number;
  /** A key written without a value: a nested mapping may follow. */
  open?: { key: string; indent: number; map?: Map; childIndent?: number };
}

export function readYamlRowsFast(text: string, file: string): RawRow[] | undefined {
  const lines = text.split("\n");
  // Most files hold no tab, CR or unsafe character at all: one look at the text, not one per line.
  const tabs = text.includes("\t");
  const unsafe = UNSAFE.test(text);
  const crs = text.includes("\r");
  // A last line no newline ends: yaml refuses a tab in it and keeps a CR ending it as text.
  const last = lines[lines.length - 1];
  if ((tabs && last.includes("\t")) || (crs && last.endsWith("\r"))) return undefined;
  const rows: RawRow[] = [];
  let item: Item | undefined;
  let seqIndent = -1;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    if (crs && line.endsWith("\r")) line = line.slice(0, -1);
    const content = trimStart(line);
    if (content === "" || content.startsWith("#")) continue;
    if ((tabs && line.includes("\t")) || (unsafe && UNSAFE.test(line))) return undefined;
    const indent = line.length - content.length;
    const lineNo = i + 1;
    if (content === "-" || content.startsWith("- ")) {
      if (seqIndent === -1) seqIndent = indent;
      if (indent !== seqIndent) return undefined;
      if (item) closeItem(item);
      const rest = trimStart(content.slice(1));
      const map: Map = {};
      item = {
        row: { file, line: lineNo, value: map, fieldLines: {} },
        map,
        fieldIndent: -1,
        fields: 0,
      };
      rows.push(item.row);
      if (rest === "" || rest.startsWith("#")) continue;
      if (!addField(item, rest, lineNo, indent + (content.length - rest.length))) return undefined;
      continue;
    }
    if (!item || indent <= seqIndent) return undefined;
    const open = item.open;
    if (open && indent > open.indent) {
      if (!addNested(item, open, content, indent, lineNo)) return undefined;
      continue;
    }
    if (!addField(item, content, lineNo, indent)) return undefined;
  }
  if (!item) return undefined;
  closeItem(item);
  return rows;
}

function addField(item: Item, content: string, lineNo: number, indent: number): boolean {
  if (item.fieldIndent === -1) item.fieldIndent = indent;
  else if (item.fieldIndent !== indent) return false;
  closeOpen(item);
  const m = KEY_LINE.exec(content);
  if (!m || NON_STRING_KEY.test(m[1]) || m[1] in item.map) return false;
  item.fields++;
  item.row.fieldLines[m[1]] = lineNo;
  if (m[2] === undefined || m[2].startsWith("#")) {
    item.map[m[1]] = null;
    item.open = { key: m[1], indent };
    return true;
  }
  const value = parseValue(m[2]);
  if (value === NOPE) return false;
  item.map[m[1]] = value;
  return true;
}

function addNested(
  item: Item,
  open: NonNullable<Item["open"]>,
  content: string,
  indent: number,
  lineNo: number,
): boolean {
  if (open.map === undefined) {
    open.map = {};
    open.childIndent = indent;
    item.map[open.key] = open.map;
  }
  if (open.childIndent !== indent) return false;
  const m = KEY_LINE.exec(content);
  if (
    !m ||
    m[2] === undefined ||
    m[2].startsWith("#") ||
    NON_STRING_KEY.test(m[1]) ||
    m[1] in open.map
  )
    return false;
  const value = parseValue(m[2]);
  if (value === NOPE) return false;
  open.map[m[1]] = value;
  item.row.fieldLines[`${open.key}.${m[1]}`] = lineNo;
  return true;
}

function closeOpen(item: Item): void {
  item.open = undefined;
}

function closeItem(item: Item): void {
  closeOpen(item);
  if (item.fields === 0) item.row.value = null;
}

function parseValue(text: string): unknown {
  const t = trim(text);
  if (t.startsWith('"')) {
    const close = closingDouble(t);
    if (close < 0 || !onlyComment(t.slice(close + 1))) return NOPE;
    try {
      return JSON.parse(t.slice(0, close + 1)) as string;
    } catch {
      return NOPE;
    }
  }
  if (t.startsWith("'")) {
    const close = closingSingle(t);
    if (close < 0 || !onlyComment(t.slice(close + 1))) return NOPE;
    return t.slice(1, close).replace(/''/g, "'");
  }
  if (t.startsWith("[")) return parseFlowList(t);
  return plainScalar(stripComment(t));
}

function closingDouble(t: string): number {
  for (let i = 1; i < t.length; i++) {
    if (t[i] === "\\") i++;
    else if (t[i] === '"') return i;
  }
  return -1;
}

function closingSingle(t: string): number {
  for (let i = 1; i < t.length; i++) {
    if (t[i] !== "'") continue;
    if (t[i + 1] === "'") i++;
    else return i;
  }
  return -1;
}

function onlyComment(rest: string): boolean {
  return trim(rest) === "" || /^[ \t]+#/.test(rest);
}

function stripComment(t: string): string {
  const hash = t.includes("#") ? t.search(/[ \t]#/) : -1;
  return trimEnd(hash < 0 ? t : t.slice(0, hash));
}

function parseFlowList(t: string): unknown {
  const close = t.indexOf("]");
  if (close < 0 || !onlyComment(t.slice(close + 1))) return NOPE;
  const inner = t.slice(1, close);
  if (/["'[\]{}#:]/.test(inner)) return NOPE;
  if (trim(inner) === "") return [];
  const items = inner.split(",").map(trim);
  if (items.some((s) => s === "")) return NOPE;
  const values = items.map(plainScalar);
  return values.includes(NOPE) ? NOPE : values;
}

/** YAML 1.2 core schema resolution of a one-line plain scalar. */
function plainScalar(t: string): unknown {
  if (t === "" || t === "~" || t === "null" || t === "Null" || t === "NULL") return null;
  if (/^[&*!|>{}[\],%@`#'"]/.test(t) || /^[-?:]([ \t]|$)/.test(t)) return NOPE;
  if (t.includes(": ") || t.endsWith(":") || t.startsWith("---") || t.startsWith("..."))
    return NOPE;
  if (t.length <= 5 && /^(true|True|TRUE)$/.test(t)) return true;
  if (t.length <= 5 && /^(false|False|FALSE)$/.test(t)) return false;
  // Every number form below starts with one of these: a word or a URL skips the six tests.
  if (!NUMBER_START.test(t)) return t;
  if (/^[-+]?[0-9]+$/.test(t)) return Number(t);
  if (/^0o[0-7]+$/.test(t)) return parseInt(t.slice(2), 8);
  if (/^0x[0-9a-fA-F]+$/.test(t)) return parseInt(t.slice(2), 16);
  if (/^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(t)) return Number(t);
  if (/^[-+]?\.(inf|Inf|INF)$/.test(t)) return t.startsWith("-") ? -Infinity : Infinity;
  if (/^\.(nan|NaN|NAN)$/.test(t)) return NaN;
  return t;
}
