/**
 * A CSV export read by its header: each record as cells by column name, with the line it starts
 * on. Columns are found by any of their known spellings (tools rename them between versions).
 */
import { parse } from "csv-parse/sync";
import { diag, type Diagnostic } from "../diagnostics.js";

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
    return {
      problem: diag("SL850", { file, line: e.lines ?? 1 }, `cannot parse CSV: ${e.message}`),
    };
  }
  const header = (parsed[0]?.record ?? []).map((h) => h.trim());
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
  const records = parsed.slice(1).map(({ record, raw, info }) => {
    const newlines =
      raw
        .replace(/^(\r?\n)+/, "")
        .replace(/\r?\n$/, "")
        .match(/\n/g)?.length ?? 0;
    return {
      line: info.lines - newlines,
      text: raw.replace(/\r?\n$/, ""),
      cell: (names: readonly string[]) => {
        for (const name of names) {
          const i = index.get(fold(name));
          const value = i === undefined ? undefined : record[i]?.trim();
          if (value !== undefined && value !== "") return value;
        }
        return undefined;
      },
    };
  });
  return { records, header };
}
