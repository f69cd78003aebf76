/**
 * A stats page's file text, assembled from rows encoded once per link. A link's row is the same
 * in `all` and in every facet listing it is in (about four rows per link with an owner and two
 * tags) but for its file index, a position in the page's own `files`: each link's row is written
 * as JSON once, with file index 0, and a page takes the text on either side of that 0. The page's
 * UTF-8 length is the sum of lengths known beforehand, so nothing measures it again
 * (docs/performance.md, "Build time"). The text is the one `JSON.stringify` writes of the page.
 */
import {
  STATS_PAGE_SCHEMA,
  type StatsPage,
  type StatsRow,
} from "../../../../runtime/contract/index.js";
import { encodeRow, type StatsLink } from "../../../../runtime/stats/rows.js";
import { jsonBytes } from "../../../shared/json-bytes.js";
import { utf8Bytes } from "./utf8-bytes.js";

/** The slots of a row before its file index (StatsRow). */
const FILE_SLOT = 5;

export interface RowTexts {
  /** Each link's row as JSON, with file index 0. */
  texts: string[];
  /** Where that 0 is in the text. */
  fileAt: Int32Array;
  /** UTF-8 length of the text without that 0. */
  bytes: Int32Array;
}

/** Room for the rows of `count` links. */
export function emptyRowTexts(count: number): RowTexts {
  return {
    texts: new Array<string>(count),
    fileAt: new Int32Array(count),
    bytes: new Int32Array(count),
  };
}

/**
 * Writes `link`'s row as the row text of link `i` (its length only, without `keep`),
 * and returns that row (file index 0).
 */
export function putRowText(rows: RowTexts, i: number, link: StatsLink, keep = true): StatsRow {
  const row = encodeRow(link, 0);
  if (!keep) {
    // Counted without the text: a measured page is never written, so its 0 is never looked for.
    rows.bytes[i] = jsonBytes(row) - 1;
    return row;
  }
  const text = JSON.stringify(row);
  rows.texts[i] = text;
  rows.fileAt[i] = fileIndexAt(text, row);
  rows.bytes[i] = utf8Bytes(text) - 1;
  return row;
}

/**
 * Where the file index 0 is in `text`, the JSON of `row`: after the slug's and the target's JSON
 * strings and the three numbers between and after them (StatsRow), found with two searches for
 * a closing quote rather than a JSON text of the row's first five slots.
 */
function fileIndexAt(text: string, row: StatsRow): number {
  const slugEnd = stringEnd(text, 1);
  const targetEnd = stringEnd(text, slugEnd + 2 + String(row[1]).length + 1);
  const at = targetEnd + 2 + String(row[3]).length + 1 + String(row[4]).length + 1;
  if (text.charCodeAt(at - 1) === COMMA && text.charCodeAt(at) === ZERO) return at;
  // `[a,b,c,d,e]` is as long as `[a,b,c,d,e,` is: the 0 comes right after it.
  return JSON.stringify(row.slice(0, FILE_SLOT)).length;
}

const COMMA = 0x2c;
const ZERO = 0x30;
const BACKSLASH = 0x5c;

/** The closing quote of the JSON string that opens at `open` in `text`. */
function stringEnd(text: string, open: number): number {
  let at = open;
  for (;;) {
    at = text.indexOf('"', at + 1);
    if (at < 0) return text.length;
    let escapes = 0;
    while (text.charCodeAt(at - 1 - escapes) === BACKSLASH) escapes++;
    if (escapes % 2 === 0) return at;
  }
}

/** Link `i`'s row with file index `file`, read back from its text (what the page holds). */
export function rowOf(rows: RowTexts, i: number, file: number): StatsRow {
  const row = JSON.parse(rows.texts[i]) as StatsRow;
  row[FILE_SLOT] = file;
  return row;
}

/** What a page holds: its files and groups, and each row's link and file index. */
export interface PageLayout {
  files: string[];
  groups: [string, number][];
  /** Each row's link (an index into the sequence's links) and file index. */
  links: number[];
  fileOf: number[];
}

/** The JSON text before a page's rows and after them. */
function pageEnds(layout: PageLayout, spans: StatsPage["spans"]): { head: string; tail: string } {
  return {
    head:
      `{"schema":${JSON.stringify(STATS_PAGE_SCHEMA)},"files":${JSON.stringify(layout.files)},` +
      `"groups":${JSON.stringify(layout.groups)},"rows":[`,
    tail: `],"spans":${JSON.stringify(spans)}}`,
  };
}

/**
 * The UTF-8 length of the page's JSON (without the file's line feed), from its rows' lengths:
 * `check` measures a page without making its text.
 */
export function pageBytes(layout: PageLayout, spans: StatsPage["spans"], rows: RowTexts): number {
  const { head, tail } = pageEnds(layout, spans);
  let bytes = utf8Bytes(head) + utf8Bytes(tail);
  for (let r = 0; r < layout.links.length; r++)
    bytes += rows.bytes[layout.links[r]] + digits(layout.fileOf[r]) + (r > 0 ? 1 : 0);
  return bytes;
}

/** The page's file text: compact JSON and a line feed. */
export function pageText(layout: PageLayout, spans: StatsPage["spans"], rows: RowTexts): string {
  const { texts, fileAt } = rows;
  const { head, tail } = pageEnds(layout, spans);
  const parts: (string | number)[] = [head];
  for (let r = 0; r < layout.links.length; r++) {
    const link = layout.links[r];
    const text = texts[link];
    const at = fileAt[link];
    if (r > 0) parts.push(",");
    parts.push(text.slice(0, at), layout.fileOf[r], text.slice(at + 1));
  }
  parts.push(tail, "\n");
  return parts.join("");
}

const digits = (n: number): number => (n < 10 ? 1 : n < 100 ? 2 : String(n).length);
