/**
 * Dub: the answers of its API's `GET /api/links` (a list of link objects shaped like Dub's
 * LinkSchema, apps/web/lib/zod/schemas/links.ts), one answer or several pages pasted one after
 * another. Besides what the CSV export carries, a link object has the iOS, Android, geo and A/B
 * targets and the expired URL, which become routes (routes/dub-targets.ts), and the custom link
 * preview (`proxy`), which becomes the link's card (../card.ts).
 */
import { appendAll } from "../../../shared/lists.js";
import { isMap, type Node } from "yaml";
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { readJsonItems } from "../json-items.js";
import { dubRoutes } from "../routes/dub-targets.js";
import type { ImportedRow, ParsedImport, ParseInput } from "../types.js";
import { fromRecords } from "./from-records.js";
import { addCard, text } from "../card.js";

export function parseDubJson(input: ParseInput): ParsedImport {
  const read = readJsonItems(
    input.text,
    input.file,
    (root) => (isMap(root) ? (root.get("links", true) ?? root.get("data", true)) : root),
    "the JSON of Dub's GET /api/links: a list of links (or several pages of them)",
  );
  if ("problem" in read) return { rows: [], diagnostics: [read.problem] };
  const notes: Diagnostic[] = [];
  const parsed = fromRecords(
    input.file,
    read.items,
    ({ line, node, index }): ImportedRow | string => {
      const which = (key?: string) =>
        `link ${index + 1} of the list${key ? ` (${JSON.stringify(key)})` : ""}`;
      if (!isMap(node)) return `${which()}: not a link object`;
      const link = (node as Node).toJSON() as Record<string, unknown>;
      const key = text(link.key);
      const target = text(link.url);
      if (!key) return `${which()}: no key`;
      if (key === "_root")
        return `${which(key)}: a domain's root link, which belongs to the product here`;
      if (!target) return `${which(key)}: no url`;
      if (text(link.password)) return `${which(key)}: password-protected links have no equivalent`;
      const row: Record<string, unknown> = { slug: key, target };
      const name = `link ${JSON.stringify(key)}`;
      // With `proxy` (Dub's custom link previews) title, description and image are the card.
      if (link.proxy === true) {
        const card = { title: text(link.title), description: text(link.description) };
        const at = { file: input.file, line, link: name };
        appendAll(notes, addCard(row, { ...card, image: text(link.image) }, at));
      } else {
        const description = text(link.title) ?? text(link.description);
        if (description) row.description = description;
      }
      const tags = tagNames(link.tags);
      if (tags.length > 0) row.tags = tags;
      const comments = text(link.comments);
      if (comments) row.notes = comments;
      const mapped = dubRoutes(link, { file: input.file, line, link: name });
      appendAll(notes, mapped.diagnostics);
      if (mapped.schedule) row.schedule = mapped.schedule;
      if (mapped.routes.length > 0) row.routes = mapped.routes;
      if (link.rewrite === true)
        notes.push(
          diag(
            "SL378",
            { file: input.file, line },
            `${name}: Dub cloaks this link (shows the destination under the short URL); shortlinks redirects to it`,
          ),
        );
      const domain = text(link.domain);
      return { line, text: JSON.stringify(link), row, ...(domain ? { domain } : {}) };
    },
  );
  return { rows: parsed.rows, diagnostics: [...parsed.diagnostics, ...notes] };
}

/** Dub's tags: objects with a name (newer answers) or names. */
function tagNames(tags: unknown): string[] {
  if (!Array.isArray(tags)) return [];
  return tags
    .map((t) => (typeof t === "string" ? t : text((t as { name?: unknown } | null)?.name)))
    .filter((t): t is string => typeof t === "string" && t.trim() !== "")
    .map((t) => t.trim());
}
