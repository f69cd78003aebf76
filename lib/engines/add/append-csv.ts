/**
 * The text of a CSV link source with one more row: the file's own column order and line ends,
 * each cell quoted when it must be (RFC 4180: a comma, a quote or a line break; quotes doubled).
 * A new or empty file gets the full header first. The caller re-reads the result
 * (append-row.ts), so a value CSV cannot carry (a tag with `;`, edge spaces) is refused there.
 */
import { parse } from "csv-parse/sync";
import { stringify } from "yaml";
import { CSV_COLUMNS } from "../../stages/1-sources/links/read-csv.js";

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
  const records = parse(text, {
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    to: 1,
  }) as string[][];
  const header = records[0]?.map((h) => h.trim());
  const cells = cellsOf(row);
  if (!header) {
    const columns = cells.domain === undefined ? NEW_HEADER : CSV_COLUMNS;
    const head = text.replace(/^\ufeff/, "").trim() === "" ? columns.join(",") + eol : "";
    return { text: text + head + lineOf(columns, cells) + eol };
  }
  const missing = Object.keys(cells).filter((name) => !header.includes(name));
  if (missing.length > 0) return { problem: `it has no column ${missing.join(", ")}` };
  const sep = text === "" || text.endsWith("\n") ? "" : eol;
  return { text: text + sep + lineOf(header, cells) + eol };
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
