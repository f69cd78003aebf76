/**
 * YOURLS: the `yourls_url` table (keyword, url, title, timestamp, ip, clicks), as export plugins
 * and a database CSV export write it, header row included.
 */
import { readCsvTable } from "../csv-table.js";
import type { ImportedRow, ParsedImport, ParseInput } from "../types.js";
import { fromRecords } from "./from-records.js";

export function parseYourls(input: ParseInput): ParsedImport {
  const table = readCsvTable(input.text, input.file, {
    keyword: ["keyword"],
    url: ["url", "longurl"],
  });
  if ("problem" in table) return { rows: [], diagnostics: [table.problem] };
  return fromRecords(input.file, table.records, (r): ImportedRow | string => {
    const slug = r.cell(["keyword"]);
    const target = r.cell(["url", "longurl"]);
    if (!slug) return "no keyword";
    if (!target) return "no url";
    const row: Record<string, unknown> = { slug, target };
    const title = r.cell(["title"]);
    if (title) row.description = title;
    return { line: r.line, text: r.text, row };
  });
}
