/**
 * A CSV export read by its header: each record as cells by column name, with the line it starts
 * on. Columns are found by any of their known spellings (tools rename them between versions).
 */
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { parseCsvRecords } from "../../stages/1-sources/links/csv-records.js";

export interface CsvRecord {
  line: number;
  text: string;
  cell: (names: readonly string[]) => string | undefined;
  /** Why the record cannot be read by its header (more filled cells than columns), if so. */
  problem?: string;
}

export type CsvTable = { records: CsvRecord[]; header: string[] } | { problem: Diagnostic };

const fold = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

export function readCsvTable(
  text: string,
  file: string,
  required: Record<string, readonly string[]>,
): CsvTable {
  const parsed = parseCsvRecords(text);
  if ("error" in parsed) {
    const { line, message } = parsed.error;
    return { problem: diag("SL850", { file, line }, `cannot parse CSV: ${message}`) };
  }
  const header = (parsed.records[0]?.cells ?? []).map((h) => h.trim());
  const index = new Map(header.map((h, i) => [fold(h), i]));
  for (const [what, names] of Object.entries(required)) {
    if (!names.some((n) => index.has(fold(n))))
      return {
        problem: diag(
          "SL850",
          { file, line: 1 },
          `no ${what} column: expected one of ${names.join(", ")}; found ${header.join(", ") || "nothing"}`,
          otherSeparator(header) ?? "export with the tool's own CSV export, header row included",
        ),
      };
  }
  const records = parsed.records.slice(1).map(({ cells, line, text }) => ({
    line,
    text,
    ...(cells.slice(header.length).some((c) => c.trim() !== "")
      ? {
          problem: `${cells.length} cells where the header has ${header.length}: a value with a comma that is not quoted?`,
        }
      : {}),
    cell: (names: readonly string[]) => {
      for (const name of names) {
        const i = index.get(fold(name));
        const value = i === undefined ? undefined : cells[i]?.trim();
        if (value !== undefined && value !== "") return value;
      }
      return undefined;
    },
  }));
  return { records, header };
}

/** A hint when the one header cell holds another separator (spreadsheet and database exports). */
function otherSeparator(header: readonly string[]): string | undefined {
  if (header.length !== 1) return undefined;
  const separator = [";", "\t", "|"].find((c) => header[0].includes(c));
  if (separator === undefined) return undefined;
  const name = separator === "\t" ? "tabs" : `"${separator}"`;
  return `the file looks separated by ${name}: export it separated by commas (in phpMyAdmin, "CSV", not "CSV for MS Excel")`;
}
