/**
 * CSV text as records with the line each starts on: one csv-parse configuration for link sources
 * (read-csv.ts) and imported exports (lib/engines/import/csv-table.ts), so they never read a file
 * differently.
 */
import { parse } from "csv-parse/sync";
import { plainCsvRecords, type CsvLine } from "./csv-fast.js";

export type { CsvLine } from "./csv-fast.js";

export type CsvRecords = { records: CsvLine[] } | { error: { line: number; message: string } };

/** How often `char` occurs in a record's cells. */
function countIn(cells: readonly string[], char: string): number {
  let count = 0;
  for (const cell of cells)
    for (let at = cell.indexOf(char); at >= 0; at = cell.indexOf(char, at + 1)) count++;
  return count;
}

/**
 * `withText: false` leaves each record's `text` empty: a link source never reads it, and keeping
 * csv-parse's copy of every record as written was a few percent of reading a large table
 * (docs/performance.md, "Build time"). The line is counted from the cells' own line feeds,
 * which are the record's (a line feed outside quotes ends a record). Plain CSV is then read by
 * plainCsvRecords (csv-fast.ts), about five times faster; csv-parse reads anything else.
 */
export function parseCsvRecords(text: string, { withText = true } = {}): CsvRecords {
  const plain = withText ? undefined : plainCsvRecords(text);
  return plain ? { records: plain } : parseWithCsvParse(text, withText);
}

/** The records as csv-parse reads them. */
export function parseWithCsvParse(text: string, withText: boolean): CsvRecords {
  let parsed: { record: string[]; raw?: string; info: { lines: number } }[];
  try {
    parsed = parse(text, {
      info: true,
      raw: withText,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as typeof parsed;
  } catch (error) {
    const e = error as Error & { lines?: number };
    return { error: { line: e.lines ?? 1, message: e.message } };
  }
  // info.lines is where the record ends, but csv-parse counts a carriage return inside quotes as
  // a line of its own (a CRLF there as two): take those back, then step back over the line feeds
  // inside the record's cells to the line it starts on.
  let returns = 0;
  return {
    records: parsed.map(({ record, raw = "", info }) => {
      returns += countIn(record, "\r");
      return {
        cells: record,
        line: info.lines - returns - countIn(record, "\n"),
        text: raw.replace(/\r?\n$/, ""),
      };
    }),
  };
}
