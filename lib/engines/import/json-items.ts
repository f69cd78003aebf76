/**
 * The records of an API's JSON answers, each with the line it starts on: one answer, or several
 * pasted one after another (`curl` of page 1, page 2, ... into one file). Read with the yaml
 * package, which keeps each node's offset, so a rule or target inside a record has a line too.
 */
import { isSeq, LineCounter, parseDocument, type Node, type YAMLSeq } from "yaml";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";

export interface JsonItem {
  /** 1-based line the record starts on. */
  line: number;
  /** 0-based place among all records of the file. */
  index: number;
  node: Node | null;
  /** The line of a node inside this record. */
  lineOf(node: unknown): number;
}

/**
 * `listOf` finds the list of records in one answer (the answer itself, or a field of it); an
 * answer without one is SL850 naming `expected`.
 */
export function readJsonItems(
  text: string,
  file: string,
  listOf: (root: Node | null) => unknown,
  expected: string,
): { items: JsonItem[] } | { problem: Diagnostic } {
  const items: JsonItem[] = [];
  for (const { start, end } of topLevelValues(text)) {
    const baseLine = lineAt(text, start) - 1;
    const lineCounter = new LineCounter();
    const doc = parseDocument(text.slice(start, end), { lineCounter });
    const at = (offset: number) => baseLine + lineCounter.linePos(offset).line;
    if (doc.errors.length > 0)
      return {
        problem: diag(
          "SL850",
          { file, line: at(doc.errors[0].pos[0]) },
          `cannot parse JSON: ${doc.errors[0].message.split("\n")[0]}`,
        ),
      };
    const list = listOf(doc.contents);
    if (!isSeq(list))
      return { problem: diag("SL850", { file, line: baseLine + 1 }, `expected ${expected}`) };
    const lineOf = (node: unknown) =>
      at(
        node && typeof node === "object" && "range" in node && Array.isArray(node.range)
          ? (node.range[0] as number)
          : 0,
      );
    for (const node of (list as YAMLSeq<Node | null>).items)
      items.push({ line: lineOf(node), index: items.length, node, lineOf });
  }
  if (items.length === 0 && text.trim() === "")
    return { problem: diag("SL850", { file, line: 0 }, `the file is empty; expected ${expected}`) };
  return { items };
}

/** Whether an export is JSON (an object or a list) rather than CSV. */
export function looksLikeJson(text: string): boolean {
  return /^\uFEFF?\s*[[{]/.test(text);
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

/**
 * Where each top-level value of `text` starts and ends: brackets counted outside strings. Text
 * between values that is not blank ends the scan, so the parser reports it.
 */
function topLevelValues(text: string): { start: number; end: number }[] {
  const values: { start: number; end: number }[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (i >= text.length) break;
    const start = i;
    if (text[i] !== "{" && text[i] !== "[") {
      values.push({ start, end: text.length });
      break;
    }
    let depth = 0;
    let inString = false;
    for (; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (c === "\\") i++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === "{" || c === "[") depth++;
      else if ((c === "}" || c === "]") && --depth === 0) break;
    }
    values.push({ start, end: Math.min(i + 1, text.length) });
    i++;
  }
  return values;
}
