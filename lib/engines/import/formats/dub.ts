/**
 * Dub: the CSV of "Export links" (dubinc/dub, /api/links/export with formatLinksForExport): one
 * column per chosen field, named by its label ("Short link", "Destination URL", "Title", "Tags",
 * "Expires at", ...) or its id (link, url, title, tags, expiresAt, ...). A JSON file is the API's
 * answer instead, with device, geo and A/B targets: dub-json.ts.
 */
import { readCsvTable } from "../csv-table.js";
import { isoTime, shortCodeOf } from "../short-code.js";
import type { ImportedRow, ParsedImport, ParseInput } from "../types.js";
import { fromRecords } from "./from-records.js";
import { looksLikeJson } from "../json-items.js";
import { parseDubJson } from "./dub-json.js";

const LINK = ["Short link", "Short Link", "link", "shortLink"];
const URL_COLUMN = ["Destination URL", "url"];

export function parseDub(input: ParseInput): ParsedImport {
  if (looksLikeJson(input.text)) return parseDubJson(input);
  const table = readCsvTable(input.text, input.file, {
    "short link": LINK,
    "destination URL": URL_COLUMN,
  });
  if ("problem" in table) return { rows: [], diagnostics: [table.problem] };
  return fromRecords(input.file, table.records, (r): ImportedRow | string => {
    const short = r.cell(LINK);
    const target = r.cell(URL_COLUMN);
    if (!short) return "no short link";
    if (!target) return "no destination URL";
    const { slug, domain } = shortCodeOf(short);
    if (slug === "") return `${short} is a domain's root link, which belongs to the product here`;
    const row: Record<string, unknown> = { slug, target };
    const title = r.cell(["Title", "title", "Description", "description"]);
    if (title) row.description = title;
    const tags = r.cell(["Tags", "tags"]);
    if (tags)
      row.tags = tags
        .split(/[;,]/)
        .map((t) => t.trim())
        .filter(Boolean);
    const expires = r.cell(["Expires at", "Expiration", "expiresAt"]);
    if (expires) {
      const end = isoTime(expires);
      if (!end) return `expiry ${JSON.stringify(expires)} is not a time`;
      row.schedule = { label: "expires", end };
    }
    if (r.cell(["Password", "password"])) return "password-protected links have no equivalent";
    return { line: r.line, text: r.text, row, domain };
  });
}
