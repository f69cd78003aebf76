/**
 * The text of a YAML link source with one more row, written in the file's own style: every
 * existing byte is kept (comments, order, quoting, a byte-order mark), the row is inserted as
 * text where the sequence ends (before a `...` document-end marker, at the sequence's own
 * indentation, with the file's line ends), or as one more entry of a flow list. A document that
 * holds nothing (`null`, `~`, `[]`, only comments) gets its first row in place of the nothing.
 * The caller re-reads the result (append-row.ts); this module only writes text.
 */
import { Parser, stringify, type CST } from "yaml";

/** The new text, or why this file cannot take a row as text (the caller refuses then). */
export function appendYamlRow(
  text: string,
  row: Record<string, unknown>,
): { text: string } | { problem: string } {
  const bom = text.startsWith("\ufeff") ? "\ufeff" : "";
  const body = text.slice(bom.length);
  const eol = body.includes("\r\n") ? "\r\n" : "\n";
  const tokens = [...new Parser().parse(body)];
  const docs = tokens.filter((t): t is CST.Document => t.type === "document");
  if (docs.length > 1) return { problem: "it holds more than one YAML document" };
  const value = docs[0]?.value;
  const docEnd = tokens.find((t) => t.type === "doc-end");
  const end = docEnd && "offset" in docEnd ? docEnd.offset : body.length;
  const block = (indent: number) => blockItem(row, indent, eol);

  if (!value || (value.type === "scalar" && isNullScalar(value.source))) {
    if (value?.type === "scalar")
      return { text: bom + replaceNode(body, value.offset, value.source.length, block(0), eol) };
    return { text: bom + insertAt(body, end, block(0), eol) };
  }
  if (value.type === "block-seq")
    return { text: bom + insertAt(body, end, block(value.indent), eol) };
  if (value.type === "flow-collection" && value.start.source === "[") {
    const close = value.end.find((t) => t.type === "flow-seq-end");
    if (!close || !("offset" in close)) return { problem: "its flow list is not closed" };
    if (value.items.length === 0) {
      const width = close.offset + 1 - value.offset;
      return { text: bom + replaceNode(body, value.offset, width, block(0), eol) };
    }
    const last = value.items[value.items.length - 1];
    const trailingComma = !last.value && !last.key && last.start.some((t) => t.type === "comma");
    const before = body[close.offset - 1];
    const entry = `${trailingComma ? "" : ","}${before === "\n" || before === " " ? "" : " "}${flowItem(row)}`;
    const next =
      body.slice(0, close.offset) + entry + (before === "\n" ? eol : "") + body.slice(close.offset);
    return { text: bom + next };
  }
  return { problem: "it does not hold a list of links" };
}

function isNullScalar(source: string): boolean {
  return /^(~|null|Null|NULL)$/.test(source);
}

/** One block-sequence item at `indent`, lines ending with `eol`. */
export function blockItem(row: Record<string, unknown>, indent: number, eol: string): string {
  const pad = " ".repeat(indent);
  return stringify([row], { lineWidth: 0 })
    .split("\n")
    .map((line) => (line === "" ? line : pad + line))
    .join(eol);
}

export function flowItem(row: Record<string, unknown>): string {
  return stringify(row, { collectionStyle: "flow", lineWidth: 0 }).trimEnd();
}

/** Insert `item` at `offset`, starting on a line of its own. */
function insertAt(body: string, offset: number, item: string, eol: string): string {
  const head = body.slice(0, offset);
  const sep = head === "" || head.endsWith("\n") ? "" : eol;
  return head + sep + item + body.slice(offset);
}

/**
 * Replace the node at [offset, offset + length) (a null or an empty list) with the first item.
 * Whatever else its line holds (`---`, a tag, a comment) stays on that line, above the item.
 */
function replaceNode(
  body: string,
  offset: number,
  length: number,
  item: string,
  eol: string,
): string {
  const lineStart = body.lastIndexOf("\n", offset - 1) + 1;
  const newline = body.indexOf("\n", offset + length);
  const lineEnd = newline === -1 ? body.length : newline + 1;
  const kept = (body.slice(lineStart, offset) + body.slice(offset + length, lineEnd)).trim();
  return body.slice(0, lineStart) + (kept ? kept + eol : "") + item + body.slice(lineEnd);
}
