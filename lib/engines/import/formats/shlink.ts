/**
 * Shlink: the CSV of the web client's "Export" button (shlink-web-component,
 * ExportShortUrlsBtn.tsx): createdAt, domain, shortCode, shortUrl, longUrl, title, tags (joined
 * with `|`), visits. A JSON file is the REST API's answer instead, with redirect rules: shlink-json.ts.
 */
import { readCsvTable } from "../csv-table.js";
import { shortCodeOf } from "../short-code.js";
import type { ImportedRow, ParsedImport, ParseInput } from "../types.js";
import { fromRecords } from "./from-records.js";
import { looksLikeJson } from "../json-items.js";
import { parseShlinkJson } from "./shlink-json.js";

export function parseShlink(input: ParseInput): ParsedImport {
  if (looksLikeJson(input.text)) return parseShlinkJson(input);
  const table = readCsvTable(input.text, input.file, {
    "short code": ["shortCode", "shortUrl"],
    "long URL": ["longUrl"],
  });
  if ("problem" in table) return { rows: [], diagnostics: [table.problem] };
  return fromRecords(input.file, table.records, (r): ImportedRow | string => {
    const code = r.cell(["shortCode"]);
    const short = r.cell(["shortUrl"]);
    const target = r.cell(["longUrl"]);
    if (!target) return "no longUrl";
    const parsed = short ? shortCodeOf(short) : undefined;
    const slug = code ?? parsed?.slug;
    if (!slug) return "no shortCode or shortUrl";
    const row: Record<string, unknown> = { slug, target };
    const title = r.cell(["title"]);
    if (title) row.description = title;
    const tags = r.cell(["tags"]);
    if (tags)
      row.tags = tags
        .split("|")
        .map((t) => t.trim())
        .filter(Boolean);
    return { line: r.line, text: r.text, row, domain: r.cell(["domain"]) ?? parsed?.domain };
  });
}
