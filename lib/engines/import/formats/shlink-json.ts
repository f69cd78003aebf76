/**
 * Shlink: the answers of its REST API's `GET /rest/v3/short-urls` (`{ shortUrls: { data: [...] } }`,
 * one page or several pasted one after another, or the `data` lists themselves), each short URL
 * optionally carrying `redirectRules`: the list `GET /rest/v3/short-urls/{shortCode}/redirect-rules`
 * answers (docs/coming-from-shlink.md gives the two calls). Rules become routes
 * (routes/shlink-rules.ts); Shlink 3's `deviceLongUrls` too.
 */
import { appendAll } from "../../../shared/lists.js";
import { isMap, isSeq, type Node, type YAMLMap } from "yaml";
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { readJsonItems, type JsonItem } from "../json-items.js";
import { shlinkRuleRoutes } from "../routes/shlink-rules.js";
import type { ImportedRoute } from "../routes/when.js";
import { isoTime, shortCodeOf } from "../short-code.js";
import type { ImportedRow, ParsedImport, ParseInput } from "../types.js";
import { fromRecords } from "./from-records.js";

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value : undefined;

export function parseShlinkJson(input: ParseInput): ParsedImport {
  const read = readJsonItems(
    input.text,
    input.file,
    (root) => {
      const list = isMap(root) ? root.getIn(["shortUrls", "data"], true) : root;
      return list;
    },
    "the JSON of Shlink's GET /rest/v3/short-urls ({shortUrls: {data: [...]}}) or a list of short URLs",
  );
  if ("problem" in read) return { rows: [], diagnostics: [read.problem] };
  const notes: Diagnostic[] = [];
  const parsed = fromRecords(input.file, read.items, (item): ImportedRow | string => {
    const { line, node, index } = item;
    const which = (code?: string) =>
      `short URL ${index + 1} of the list${code ? ` (${JSON.stringify(code)})` : ""}`;
    if (!isMap(node)) return `${which()}: not a short URL object`;
    const short = (node as Node).toJSON() as Record<string, unknown>;
    const parsedUrl = text(short.shortUrl) ? shortCodeOf(short.shortUrl as string) : undefined;
    const slug = text(short.shortCode) ?? parsedUrl?.slug;
    const target = text(short.longUrl);
    if (!slug) return `${which()}: no shortCode or shortUrl`;
    if (!target) return `${which(slug)}: no longUrl`;
    const row: Record<string, unknown> = { slug, target };
    const title = text(short.title);
    if (title) row.description = title;
    if (Array.isArray(short.tags)) {
      const tags = short.tags.filter((t): t is string => typeof t === "string" && t.trim() !== "");
      if (tags.length > 0) row.tags = tags.map((t) => t.trim());
    }
    // Both pass the request's query on by default.
    if (short.forwardQuery === false) row.forward_query = false;
    const name = `short URL ${JSON.stringify(slug)}`;
    const at = { file: input.file, line };
    const meta = (short.meta ?? {}) as Record<string, unknown>;
    const start = text(meta.validSince) && isoTime(meta.validSince as string);
    const end = text(meta.validUntil) && isoTime(meta.validUntil as string);
    if (start || end)
      row.schedule = { label: "valid", ...(start ? { start } : {}), ...(end ? { end } : {}) };
    if (typeof meta.maxVisits === "number")
      notes.push(
        diag(
          "SL376",
          at,
          `${name}: maxVisits ${meta.maxVisits} has no equivalent (shortlinks counts no visits); the link is imported without the limit`,
          "retire the link by hand when it should stop answering (docs/links.md)",
        ),
      );
    const routes = [
      ...ruleRoutes(item, short, name, input.file, notes),
      ...deviceRoutes(short.deviceLongUrls),
    ];
    if (routes.length > 0) row.routes = routes;
    const domain = text(short.domain) ?? parsedUrl?.domain;
    return { line, text: JSON.stringify(short), row, ...(domain ? { domain } : {}) };
  });
  return { rows: parsed.rows, diagnostics: [...parsed.diagnostics, ...notes] };
}

/** `redirectRules`: the rules endpoint's list, or its whole answer. */
function ruleRoutes(
  item: JsonItem,
  short: Record<string, unknown>,
  name: string,
  file: string,
  notes: Diagnostic[],
): ImportedRoute[] {
  let value = short.redirectRules;
  let node = (item.node as YAMLMap).get("redirectRules", true);
  if (isMap(node)) {
    value = (value as { redirectRules?: unknown }).redirectRules;
    node = node.get("redirectRules", true);
  }
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !isSeq(node)) {
    notes.push(
      diag(
        "SL377",
        { file, line: item.line },
        `${name}: redirectRules is not a list of rules; none imported`,
      ),
    );
    return [];
  }
  const items = node.items;
  const mapped = shlinkRuleRoutes(value, {
    file,
    link: name,
    lineOf: (i) => (items[i] ? item.lineOf(items[i]) : item.line),
  });
  appendAll(notes, mapped.diagnostics);
  return mapped.routes;
}

/** Shlink 3's `deviceLongUrls` (before redirect rules replaced them): one route per device. */
function deviceRoutes(devices: unknown): ImportedRoute[] {
  if (devices === null || typeof devices !== "object") return [];
  const { ios, android, desktop } = devices as Record<string, unknown>;
  const routes: ImportedRoute[] = [];
  if (text(ios)) routes.push({ when: { device: ["ios", "ipados"] }, target: ios as string });
  if (text(android)) routes.push({ when: { device: ["android"] }, target: android as string });
  if (text(desktop)) routes.push({ when: { device: ["desktop"] }, target: desktop as string });
  return routes;
}
