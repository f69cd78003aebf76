/**
 * Edits of one row of a CSV link source, written as text: the row's record is rewritten in the
 * file's own column order (its other cells as they were read, each quoted only when it must be),
 * removed with its line break, or followed by a new record; every other byte stays as it was. A
 * field the header has no column for gets one at the header's end (the other rows, a cell short,
 * read as before: a missing cell is an absent field); `allow` has none in CSV and is refused. The
 * caller reads the result back.
 */
import { parseCsvRecords, type CsvLine } from "../../stages/1-sources/links/csv-records.js";
import { CSV_COLUMNS } from "../../stages/1-sources/links/read-csv.js";
import { cellsOf, quote } from "../add/append-csv.js";
import type { RowChange } from "./row-change.js";
import { appendAll } from "../../shared/lists.js";

type Outcome = { text: string } | { problem: string };

/** CSV columns of each field that spans several (the rest are their own column). */
const COLUMNS_OF: Record<string, readonly string[]> = {
  schedule: ["schedule_label", "schedule_start", "schedule_end"],
  preview: ["preview_title", "preview_description", "preview_image"],
};

export function editCsvRows(text: string, change: RowChange): Outcome {
  const parsed = parseCsvRecords(text);
  if ("error" in parsed) return { problem: "it does not parse as CSV" };
  const [head, ...records] = parsed.records;
  if (!head) return { problem: "it has no header" };
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const steps = change.kind === "all" ? change.changes : [change];
  const given = steps.flatMap((s) =>
    s.kind === "set" ? [cellsOf(s.set)] : s.kind === "insert-after" ? [cellsOf(s.row)] : [],
  );
  const header = head.cells.map((h) => h.trim());
  const wanted = [...new Set(given.flatMap((cells) => Object.keys(cells)))];
  const unknown = wanted.filter((c) => !(CSV_COLUMNS as readonly string[]).includes(c));
  if (unknown.length > 0) return { problem: `CSV has no column for ${unknown.join(", ")}` };
  const edits: { start: number; end: number; insert: string }[] = [];
  // A column the header lacks is added at its end; rows with fewer cells read as before.
  const added = wanted.filter((c) => !header.includes(c));
  if (added.length > 0) {
    const span = spanOf(text, head);
    if (!span) return { problem: "the header could not be found in the text" };
    edits.push({ start: span.end, end: span.end, insert: `,${added.join(",")}` });
    appendAll(header, added);
  }
  const lineOf = (cells: Record<string, string>) =>
    header.map((name) => quote(cells[name] ?? "")).join(",");
  for (const step of steps) {
    if (step.kind === "all") return { problem: "nested changes" };
    const record = records[step.index];
    if (!record) return { problem: "the row is not there" };
    const span = spanOf(text, record);
    if (!span) return { problem: "a record could not be found in the text" };
    if (step.kind === "remove") {
      edits.push({ start: span.start, end: span.next, insert: "" });
    } else if (step.kind === "insert-after") {
      const lead = span.next === span.end ? eol : "";
      edits.push({
        start: span.next,
        end: span.next,
        insert: lead + lineOf(cellsOf(step.row)) + eol,
      });
    } else {
      const cells = Object.fromEntries(header.map((name, i) => [name, record.cells[i] ?? ""]));
      const cleared = [...Object.keys(step.set), ...step.unset].flatMap(
        (f) => COLUMNS_OF[f] ?? [f],
      );
      for (const column of cleared) if (column in cells) cells[column] = "";
      Object.assign(cells, cellsOf(step.set));
      edits.push({ start: span.start, end: span.end, insert: lineOf(cells) });
    }
  }
  let out = text;
  const ordered = edits.map((e, i) => ({ ...e, i })).sort((a, b) => b.start - a.start || b.i - a.i);
  for (const e of ordered) out = out.slice(0, e.start) + e.insert + out.slice(e.end);
  return { text: out };
}

/** Where a record's text starts and ends, and where the next line starts. */
function spanOf(
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
