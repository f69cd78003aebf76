/**
 * The text of a CSV link source with one more row: the file's own column order and line ends,
 * each cell quoted when it must be (RFC 4180: a comma, a quote or a line break; quotes doubled).
 * A new or empty file gets the full header first; a column the header lacks is added at its end.
 * The caller re-reads the result (append-row.ts), so a value CSV cannot carry (a tag with `;`,
 * edge spaces) is refused there.
 */
import { stringify } from "yaml";
import { parseCsvRecords } from "../../stages/1-sources/links/csv-records.js";
import { CSV_COLUMNS } from "../../stages/1-sources/links/read-csv.js";
import { applyEdits, widenHeader } from "./csv-header.js";

/**
 * The header of a new file: every column but `domain`, which only an instance that lists its
 * hosts uses (docs/domains.md): a new file gets it when its first row names a host.
 */
const NEW_HEADER = CSV_COLUMNS.filter((column) => column !== "domain");

export function appendCsvRow(
  text: string,
  row: Record<string, unknown>,
): { text: string } | { problem: string } {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const parsed = parseCsvRecords(text);
  if ("error" in parsed) return { problem: "it does not parse as CSV" };
  const head = parsed.records[0];
  const cells = cellsOf(row);
  if (!head) {
    const columns = cells.domain === undefined ? NEW_HEADER : CSV_COLUMNS;
    const start = text.replace(/^\ufeff/, "").trim() === "" ? columns.join(",") + eol : "";
    return { text: text + start + lineOf(columns, cells) + eol };
  }
  // A column the header lacks is added at its end, as `set` adds it (csv-header.ts).
  const widened = widenHeader(text, head, Object.keys(cells));
  if ("problem" in widened) return widened;
  const out = widened.edit ? applyEdits(text, [widened.edit]) : text;
  const sep = out === "" || out.endsWith("\n") ? "" : eol;
  return { text: out + sep + lineOf(widened.header, cells) + eol };
}

function lineOf(header: readonly string[], cells: Record<string, string>): string {
  return header.map((name) => quote(cells[name] ?? "")).join(",");
}

export function quote(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** The row's fields as CSV cells by column name (the inverse of read-csv.ts's toRow). */
export function cellsOf(row: Record<string, unknown>): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const [field, value] of Object.entries(row)) {
    if (
      (field === "schedule" || field === "preview") &&
      value !== null &&
      typeof value === "object"
    ) {
      // schedule_label..., preview_title...: read-csv.ts reads them back into one mapping.
      for (const [part, inner] of Object.entries(value)) cells[`${field}_${part}`] = String(inner);
    } else if (field === "routes" && Array.isArray(value)) {
      // One YAML flow list, as read-csv.ts reads the routes cell (docs/routes.md).
      cells.routes = stringify(value, { collectionStyle: "flow", lineWidth: 0 }).trim();
    } else if ((field === "tags" || field === "domains") && Array.isArray(value)) {
      // Several values separated by `;`, as read-csv.ts reads them; hosts share one column.
      cells[field === "tags" ? "tags" : "domain"] = value.map(String).join(";");
    } else {
      cells[field] = String(value);
    }
  }
  return cells;
}
