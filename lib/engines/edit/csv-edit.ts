/**
 * Edits of one row of a CSV link source, written as text: the row's record is rewritten in the
 * file's own column order (its other cells as they were read, each quoted only when it must be),
 * removed with its line break, or followed by a new record; every other byte stays as it was. A
 * field the header has no column for gets one at the header's end (csv-header.ts, as `add` adds
 * it); `allow` has none in CSV and is refused. The caller reads the result back.
 */
import { parseCsvRecords } from "../../stages/1-sources/links/csv-records.js";
import { cellsOf, quote } from "../add/append-csv.js";
import { applyEdits, spanOf, widenHeader, type TextEdit } from "../add/csv-header.js";
import type { RowChange } from "./row-change.js";

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
  const wanted = given.flatMap((cells) => Object.keys(cells));
  const widened = widenHeader(text, head, wanted);
  if ("problem" in widened) return widened;
  const { header } = widened;
  const edits: TextEdit[] = widened.edit ? [widened.edit] : [];
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
  return { text: applyEdits(text, edits) };
}
