/**
 * Where a CSV link source's records lie in its text, and its header widened by the columns a
 * change needs: `add` and `set` add a missing column the same way, at the header's end. The
 * other rows keep every byte: a cell short, they read as before (a missing cell is an absent
 * field). A field that has no CSV column at all (`allow`) is refused and named.
 */
import type { CsvLine } from "../../stages/1-sources/links/csv-records.js";
import { CSV_COLUMNS } from "../../stages/1-sources/links/read-csv.js";

/** Replace text[start, end) with insert. */
export interface TextEdit {
  start: number;
  end: number;
  insert: string;
}

/** The header's columns with every one of `columns`, and the edit that adds the missing ones. */
export function widenHeader(
  text: string,
  head: CsvLine,
  columns: readonly string[],
): { header: string[]; edit?: TextEdit } | { problem: string } {
  const wanted = [...new Set(columns)];
  const unknown = wanted.filter((c) => !(CSV_COLUMNS as readonly string[]).includes(c));
  if (unknown.length > 0) return { problem: `CSV has no column for ${unknown.join(", ")}` };
  const header = head.cells.map((h) => h.trim());
  const added = wanted.filter((c) => !header.includes(c));
  if (added.length === 0) return { header };
  const span = spanOf(text, head);
  if (!span) return { problem: "the header could not be found in the text" };
  const edit = { start: span.end, end: span.end, insert: `,${added.join(",")}` };
  return { header: [...header, ...added], edit };
}

/** The text with the edits made, each at its place in the original text. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  const ordered = edits.map((e, i) => ({ ...e, i })).sort((a, b) => b.start - a.start || b.i - a.i);
  for (const e of ordered) out = out.slice(0, e.start) + e.insert + out.slice(e.end);
  return out;
}

/** Where a record's text starts and ends, and where the next line starts. */
export function spanOf(
  text: string,
  record: CsvLine,
): { start: number; end: number; next: number } | undefined {
  // The record as written, without blank lines before it or the carriage return of its line end.
  const core = record.text.replace(/^(\r?\n)+/, "").replace(/\r$/, "");
  let start = 0;
  for (let n = 1; n < record.line; n++) {
    start = text.indexOf("\n", start) + 1;
    if (start === 0) return undefined;
  }
  // A byte-order mark before the first line is not part of the record.
  if (start === 0 && text.startsWith("\ufeff")) start = 1;
  const end = start + core.length;
  if (text.slice(start, end) !== core) return undefined;
  const next = text.startsWith("\r\n", end) ? end + 2 : text.startsWith("\n", end) ? end + 1 : end;
  return { start, end, next };
}
