/**
 * CSV text as records with the line each starts on: one csv-parse configuration for link sources
 * (read-csv.ts) and imported exports (lib/engines/import/csv-table.ts), so they never read a file
 * differently.
 */
import { parse } from "csv-parse/sync";

export interface CsvLine {
  cells: string[];
  /** The line the record starts on (a quoted cell may span several). */
  line: number;
  /** The record as written, without its line ending. */
  text: string;
}

export type CsvRecords = { records: CsvLine[] } | { error: { line: number; message: string } };

export function parseCsvRecords(text: string): CsvRecords {
  let parsed: { record: string[]; raw: string; info: { lines: number } }[];
  try {
    parsed = parse(text, {
      info: true,
      raw: true,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as typeof parsed;
  } catch (error) {
    const e = error as Error & { lines?: number };
    return { error: { line: e.lines ?? 1, message: e.message } };
  }
  return {
    records: parsed.map(({ record, raw, info }) => {
      // info.lines is where the record ends: step back over the newlines inside it.
      const newlines =
        raw
          .replace(/^(\r?\n)+/, "")
          .replace(/\r?\n$/, "")
          .match(/\n/g)?.length ?? 0;
      return { cells: record, line: info.lines - newlines, text: raw.replace(/\r?\n$/, "") };
    }),
  };
}
