/** Read a CSV link file (header row required) into raw rows shaped like YAML rows. */
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { eachPlainCsvRecord } from "./csv-fast.js";
import { parseWithCsvParse } from "./csv-records.js";
import { parseRoutesCell } from "./routes-cell.js";
import { rowsInto, type RawRow, type RowSink } from "./raw-row.js";
import type { ReadResult } from "./read-yaml.js";

export const CSV_COLUMNS = [
  "slug",
  "target",
  "status",
  "state",
  "schedule_label",
  "schedule_start",
  "schedule_end",
  "forward_query",
  "remainder",
  "routes",
  "description",
  "tags",
  "owner",
  "title",
  "notes",
  "successor",
  "preview_title",
  "preview_description",
  "preview_image",
  "domain",
] as const;

type Cell = string | undefined;

/**
 * A CSV row's fields all sit on its line, which every reader of `fieldLines` falls back to: one
 * shared empty map instead of a dozen entries per row (a million rows held them in about 200 MB).
 */
export const SAME_LINE: Readonly<Record<string, number>> = Object.freeze({});

export function readCsvRows(text: string, file: string): ReadResult {
  const rows: RawRow[] = [];
  const diagnostics = eachCsvRow(text, file, rowsInto(rows));
  return { rows, diagnostics };
}

/** Each row of a CSV source to `sink` as it is read; the diagnostics of reading it. */
export function eachCsvRow(text: string, file: string, sink: RowSink): Diagnostic[] {
  // Plain CSV is read record by record; anything else by csv-parse, from the start.
  let table = csvTable(file, sink);
  if (!eachPlainCsvRecord(text, table.record)) {
    sink.restart();
    const parsed = parseWithCsvParse(text, false);
    if ("error" in parsed) {
      const { line, message } = parsed.error;
      return [diag("SL101", { file, line }, `cannot parse CSV: ${message}`)];
    }
    table = csvTable(file, sink);
    for (const { cells, line } of parsed.records) table.record(cells, line);
  }
  return table.finish();
}

/** Each column's place among CSV_COLUMNS. */
const AT = Object.fromEntries(CSV_COLUMNS.map((column, i) => [column, i])) as Record<
  (typeof CSV_COLUMNS)[number],
  number
>;

/** The header's problem (SL107), if any. */
function headerProblem(header: string[], file: string): Diagnostic | undefined {
  const twice = header.find((h, i) => header.indexOf(h) !== i);
  if (twice !== undefined)
    return diag(
      "SL107",
      { file, line: 1 },
      `CSV header: column ${twice} appears twice`,
      "name each column once; which cell counts would otherwise be a guess",
    );
  const unknown = header.filter((h) => !(CSV_COLUMNS as readonly string[]).includes(h));
  if (unknown.length > 0 || !header.includes("slug") || !header.includes("target")) {
    const found =
      unknown.length > 0 ? `unknown column(s) ${unknown.join(", ")}` : "no slug and target columns";
    return diag(
      "SL107",
      { file, line: 1 },
      `CSV header: expected columns from ${CSV_COLUMNS.join(",")}, found ${found}`,
      "the first line names the columns; slug and target are required",
    );
  }
  return undefined;
}

/**
 * A table's records, the header first: each row to `sink` as its record comes, none with a
 * header problem; `finish` gives the diagnostics, the header's alone when it has one.
 */
function csvTable(file: string, sink: RowSink) {
  let header: string[] | undefined;
  let problem: Diagnostic | undefined;
  /** For each of CSV_COLUMNS, its place in the header (-1: none). */
  let places: number[] = [];
  /** One row's trimmed cells by CSV_COLUMNS, filled again for each row. */
  const cells: Cell[] = new Array<Cell>(CSV_COLUMNS.length);
  const diagnostics: Diagnostic[] = [];
  const record = (record: string[], line: number, start?: number, end?: number): void => {
    if (header === undefined) {
      header = record.map((h) => h.trim());
      problem = headerProblem(header, file);
      const known = header;
      places = CSV_COLUMNS.map((column) => known.indexOf(column));
      return;
    }
    if (problem) return;
    if (start !== undefined && sink.known?.(start, end as number, line)) return;
    for (let k = 0; k < places.length; k++) {
      const cell = places[k] < 0 ? undefined : record[places[k]]?.trim();
      cells[k] = cell === "" ? undefined : cell;
    }
    if (record.length > header.length) {
      sink.row(
        {
          file,
          line,
          value: { ...toRow(cells), [`column_${header.length + 1}`]: record[header.length] },
          fieldLines: SAME_LINE,
        },
        start,
        end,
      );
      return;
    }
    const routes = parseRoutesCell(cells[AT.routes], { file, line });
    if (routes && !routes.ok) {
      diagnostics.push(routes.diagnostic);
      return;
    }
    const value = toRow(cells);
    if (routes) value.routes = routes.value;
    sink.row({ file, line, value, fieldLines: SAME_LINE }, start, end);
  };
  const finish = (): Diagnostic[] =>
    header === undefined ? [] : problem !== undefined ? [problem] : diagnostics;
  return { record, finish };
}

/** A `;`-separated cell's items, trimmed, without empty ones (tags, domains). */
function items(cell: Cell): string[] | undefined {
  if (cell === undefined) return undefined;
  const out: string[] = [];
  for (const part of cell.split(";")) {
    const item = part.trim();
    if (item !== "") out.push(item);
  }
  return out;
}

function toRow(cells: readonly Cell[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  const slug = cells[AT.slug];
  if (slug !== undefined) row.slug = slug;
  const target = cells[AT.target];
  if (target !== undefined) row.target = target;
  const status = cells[AT.status];
  if (status !== undefined) row.status = /^\d+$/.test(status) ? Number(status) : status;
  const state = cells[AT.state];
  if (state !== undefined) row.state = state;
  const label = cells[AT.schedule_label];
  const start = cells[AT.schedule_start];
  const end = cells[AT.schedule_end];
  if (label !== undefined || start !== undefined || end !== undefined) {
    const schedule: Record<string, unknown> = {};
    if (label !== undefined) schedule.label = label;
    if (start !== undefined) schedule.start = start;
    if (end !== undefined) schedule.end = end;
    row.schedule = schedule;
  }
  const forward = cells[AT.forward_query];
  if (forward !== undefined) {
    const fq = forward.toLowerCase();
    row.forward_query = fq === "true" ? true : fq === "false" ? false : forward;
  }
  const remainder = cells[AT.remainder];
  if (remainder !== undefined) row.remainder = remainder;
  const description = cells[AT.description];
  if (description !== undefined) row.description = description;
  const tags = items(cells[AT.tags]);
  if (tags !== undefined) row.tags = tags;
  for (const field of ["owner", "title", "notes", "successor"] as const) {
    const cell = cells[AT[field]];
    if (cell !== undefined) row[field] = cell;
  }
  const title = cells[AT.preview_title];
  const about = cells[AT.preview_description];
  const image = cells[AT.preview_image];
  if (title !== undefined || about !== undefined || image !== undefined) {
    const preview: Record<string, unknown> = {};
    if (title !== undefined) preview.title = title;
    if (about !== undefined) preview.description = about;
    if (image !== undefined) preview.image = image;
    row.preview = preview;
  }
  // One host, or several separated by `;` as tags are (docs/domains.md).
  const hosts = items(cells[AT.domain]);
  if (hosts?.length === 1) row.domain = hosts[0];
  else if (hosts !== undefined && hosts.length > 1) row.domains = hosts;
  return row;
}
