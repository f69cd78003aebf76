/**
 * A CSV export read by its header: each record as cells by column name, with the line it starts
 * on. Columns are found by any of their known spellings (tools rename them between versions).
 */
import { diag, type Diagnostic } from "../diagnostics.js";
import { parseCsvRecords } from "../sources/csv-records.js";

export interface CsvRecord {
  line: number;
  text: string;
  cell: (names: readonly string[]) => string | undefined;
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
          "export with the tool's own CSV export, header row included",
        ),
      };
  }
  const records = parsed.records.slice(1).map(({ cells, line, text }) => ({
    line,
    text,
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
