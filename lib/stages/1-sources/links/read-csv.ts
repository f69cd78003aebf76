/** Read a CSV link file (header row required) into raw rows shaped like YAML rows. */
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { parseCsvRecords } from "./csv-records.js";
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
  const parsed = parseCsvRecords(text, { withText: false });
  if ("error" in parsed) {
    const { line, message } = parsed.error;
    return [diag("SL101", { file, line }, `cannot parse CSV: ${message}`)];
  }
  const { records } = parsed;
  if (records.length === 0) return [];
  const header = records[0].cells.map((h) => h.trim());
  const twice = header.find((h, i) => header.indexOf(h) !== i);
  if (twice !== undefined) {
    return [
      diag(
        "SL107",
        { file, line: 1 },
        `CSV header: column ${twice} appears twice`,
        "name each column once; which cell counts would otherwise be a guess",
      ),
    ];
  }
  const unknown = header.filter((h) => !(CSV_COLUMNS as readonly string[]).includes(h));
  if (unknown.length > 0 || !header.includes("slug") || !header.includes("target")) {
    const found =
      unknown.length > 0 ? `unknown column(s) ${unknown.join(", ")}` : "no slug and target columns";
    return [
      diag(
        "SL107",
        { file, line: 1 },
        `CSV header: expected columns from ${CSV_COLUMNS.join(",")}, found ${found}`,
        "the first line names the columns; slug and target are required",
      ),
    ];
  }
  const diagnostics: Diagnostic[] = [];
  for (let r = 1; r < records.length; r++) {
    const { cells: record, line } = records[r];
    const cells = { ...NO_CELLS };
    for (let i = 0; i < header.length; i++) {
      const cell = record[i]?.trim();
      cells[header[i]] = cell === "" ? undefined : cell;
    }
    if (record.length > header.length) {
      sink.row({
        file,
        line,
        value: { ...toRow(cells), [`column_${header.length + 1}`]: record[header.length] },
        fieldLines: SAME_LINE,
      });
      continue;
    }
    const routes = parseRoutesCell(cells.routes, { file, line });
    if (routes && !routes.ok) {
      diagnostics.push(routes.diagnostic);
      continue;
    }
    const value = toRow(cells);
    if (routes) value.routes = routes.value;
    sink.row({ file, line, value, fieldLines: SAME_LINE });
  }
  return diagnostics;
}

/** Every column's cell, none filled yet: copied for each row, so every row's cells share one shape. */
const NO_CELLS: Readonly<Record<string, Cell>> = Object.fromEntries(
  CSV_COLUMNS.map((column) => [column, undefined]),
);

function toRow(cells: Record<string, Cell>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  const set = (key: string, value: unknown) => {
    if (value !== undefined) row[key] = value;
  };
  set("slug", cells.slug);
  set("target", cells.target);
  set(
    "status",
    cells.status !== undefined && /^\d+$/.test(cells.status) ? Number(cells.status) : cells.status,
  );
  set("state", cells.state);
  if (
    cells.schedule_label !== undefined ||
    cells.schedule_start !== undefined ||
    cells.schedule_end !== undefined
  ) {
    const schedule: Record<string, unknown> = {};
    if (cells.schedule_label !== undefined) schedule.label = cells.schedule_label;
    if (cells.schedule_start !== undefined) schedule.start = cells.schedule_start;
    if (cells.schedule_end !== undefined) schedule.end = cells.schedule_end;
    row.schedule = schedule;
  }
  const fq = cells.forward_query?.toLowerCase();
  set("forward_query", fq === "true" ? true : fq === "false" ? false : cells.forward_query);
  set("remainder", cells.remainder);
  set("description", cells.description);
  set(
    "tags",
    cells.tags
      ?.split(";")
      .map((t) => t.trim())
      .filter((t) => t !== ""),
  );
  set("owner", cells.owner);
  set("title", cells.title);
  set("notes", cells.notes);
  set("successor", cells.successor);
  if (
    cells.preview_title !== undefined ||
    cells.preview_description !== undefined ||
    cells.preview_image !== undefined
  ) {
    const preview: Record<string, unknown> = {};
    if (cells.preview_title !== undefined) preview.title = cells.preview_title;
    if (cells.preview_description !== undefined) preview.description = cells.preview_description;
    if (cells.preview_image !== undefined) preview.image = cells.preview_image;
    row.preview = preview;
  }
  // One host, or several separated by `;` as tags are (docs/domains.md).
  const hosts = cells.domain
    ?.split(";")
    .map((h) => h.trim())
    .filter((h) => h !== "");
  if (hosts?.length === 1) row.domain = hosts[0];
  else if (hosts !== undefined && hosts.length > 1) row.domains = hosts;
  return row;
}
