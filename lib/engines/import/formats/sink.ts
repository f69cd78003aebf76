/**
 * Sink: its JSON export, a list of links (or `{ "links": [...] }`) shaped like Sink's LinkSchema
 * (schemas/link.ts): slug, url, comment, title, description, image, createdAt, expiration
 * (seconds). Title, description and image are the link's Open Graph card (../card.ts).
 * Line numbers come from the JSON text itself (read with the yaml package, which keeps offsets).
 */
import { isMap, isSeq, LineCounter, parseDocument, type YAMLMap } from "yaml";
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { appendAll } from "../../../shared/lists.js";
import { addCard, text } from "../card.js";
import { isoTime } from "../short-code.js";
import type { ImportedRow, ParsedImport, ParseInput } from "../types.js";
import { fromRecords } from "./from-records.js";

export function parseSink(input: ParseInput): ParsedImport {
  const lineCounter = new LineCounter();
  const doc = parseDocument(input.text, { lineCounter });
  const at = (offset: number) => ({ file: input.file, line: lineCounter.linePos(offset).line });
  if (doc.errors.length > 0)
    return {
      rows: [],
      diagnostics: [
        diag(
          "SL850",
          at(doc.errors[0].pos[0]),
          `cannot parse JSON: ${doc.errors[0].message.split("\n")[0]}`,
        ),
      ],
    };
  const root = doc.contents;
  const list = isMap(root) ? root.get("links", true) : root;
  if (!isSeq(list))
    return {
      rows: [],
      diagnostics: [
        diag("SL850", at(0), "expected a JSON list of links, or an object with a links list"),
      ],
    };
  const records = list.items.map((item, index) => ({
    line: at(item && typeof item === "object" && "range" in item && item.range ? item.range[0] : 0)
      .line,
    item,
    index,
  }));
  const notes: Diagnostic[] = [];
  const parsed = fromRecords(input.file, records, ({ line, item, index }): ImportedRow | string => {
    // A minified export is one line: a refusal names the link by its place and slug.
    const which = (slug?: string) =>
      `link ${index + 1} of the list${slug ? ` (${JSON.stringify(slug)})` : ""}`;
    if (!isMap(item)) return `${which()}: not a link object`;
    const link = (item as YAMLMap).toJSON() as Record<string, unknown>;
    const slug = typeof link.slug === "string" ? link.slug : undefined;
    const target = typeof link.url === "string" ? link.url : undefined;
    if (!slug) return `${which()}: no slug`;
    if (!target) return `${which(slug)}: no url`;
    if (typeof link.password === "string" && link.password !== "")
      return `${which(slug)}: password-protected links have no equivalent`;
    const row: Record<string, unknown> = { slug, target };
    if (text(link.comment)) row.description = text(link.comment);
    if (typeof link.expiration === "number") {
      const end = isoTime(link.expiration);
      if (!end) return `${which(slug)}: expiration ${link.expiration} is not a time`;
      row.schedule = { label: "expires", end };
    }
    const card = { title: text(link.title), description: text(link.description) };
    const at = { file: input.file, line, link: `link ${JSON.stringify(slug)}` };
    appendAll(notes, addCard(row, { ...card, image: text(link.image) }, at));
    return { line, text: JSON.stringify(link), row };
  });
  return { rows: parsed.rows, diagnostics: [...parsed.diagnostics, ...notes] };
}
