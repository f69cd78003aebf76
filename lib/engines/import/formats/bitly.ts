/**
 * Bitly: a CSV of bitlinks with Bitly's field names (the v4 API's link, long_url, title,
 * created_at, tags, custom_bitlinks; or the dashboard's "Bitlink", "Long URL"). Each custom
 * back-half in custom_bitlinks is one more link to the same destination.
 */
import { readCsvTable } from "../csv-table.js";
import { shortCodeOf } from "../short-code.js";
import type { ImportedRow, ParsedImport, ParseInput } from "../types.js";
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";

const LINK = ["link", "bitlink", "id", "short_url", "Short URL"];
const LONG = ["long_url", "Long URL", "destination", "Destination URL"];

export function parseBitly(input: ParseInput): ParsedImport {
  const table = readCsvTable(input.text, input.file, { bitlink: LINK, "long URL": LONG });
  if ("problem" in table) return { rows: [], diagnostics: [table.problem] };
  const rows: ImportedRow[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const r of table.records) {
    const at = { file: input.file, line: r.line };
    if (r.problem) {
      diagnostics.push(diag("SL851", at, `not imported: ${r.problem}`));
      continue;
    }
    const short = r.cell(LINK);
    const target = r.cell(LONG);
    if (!short || !target) {
      diagnostics.push(diag("SL851", at, `not imported: no ${short ? "long_url" : "bitlink"}`));
      continue;
    }
    const base: Record<string, unknown> = { target };
    const title = r.cell(["title", "Title"]);
    if (title) base.description = title;
    const tags = r.cell(["tags", "Tags"]);
    if (tags)
      base.tags = tags
        .split(/[;,|]/)
        .map((t) => t.trim())
        .filter(Boolean);
    const customs = (r.cell(["custom_bitlinks", "Custom back-halves", "custom back-half"]) ?? "")
      .split(/[\s;,|]+/)
      .filter(Boolean);
    // One back-half may be named twice (as the link and among the custom ones): one link.
    const seen = new Set<string>();
    for (const link of [short, ...customs]) {
      const { slug, domain } = shortCodeOf(link);
      const id = `${domain?.toLowerCase() ?? ""}\n${slug}`;
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push({ line: r.line, text: r.text, row: { slug, ...base }, domain });
    }
  }
  return { rows, diagnostics };
}
