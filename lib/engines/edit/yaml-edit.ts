/**
 * Edits of one row of a YAML link source, written as text: every byte outside the edited fields
 * stays as it was (comments, order, quoting, line ends, a byte-order mark). A changed value is
 * written in place after its key, a new field as one more line at the row's indentation (or one
 * more entry of a flow mapping), a removed field with its line, a removed row with its lines, a
 * new row after a given one at the sequence's indentation. Only the edited row is parsed when the
 * rows are plain block items (a large file stays fast); anything else parses the whole document.
 * The caller reads the result back (edit-row.ts); this module only writes text.
 */
import { isMap, isScalar, isSeq, parseDocument, type Node, type Pair, type YAMLMap } from "yaml";
import type { RawRow } from "../../stages/1-sources/links/raw-row.js";
import { blockItem, flowItem } from "../add/append-yaml.js";
import { yamlValueText } from "./yaml-value.js";
import type { RowChange } from "./row-change.js";
import { appendAll } from "../../shared/lists.js";

interface Edit {
  start: number;
  end: number;
  insert: string;
}

type Outcome = { text: string } | { problem: string };

export function editYamlRows(text: string, rows: readonly RawRow[], change: RowChange): Outcome {
  const bom = text.startsWith("\ufeff") ? "\ufeff" : "";
  const body = text.slice(bom.length);
  const steps = change.kind === "all" ? change.changes : [change];
  const index = steps[0].kind === "all" ? -1 : steps[0].index;
  if (index < 0 || steps.some((s) => s.kind === "all" || s.index !== index))
    return { problem: "several rows are changed at once" };
  // The row's own lines, when its neighbours start on later lines: parse only those.
  const from = lineOffset(body, rows[index].line);
  const next = rows[index + 1];
  const to = next && next.line > rows[index].line ? lineOffset(body, next.line) : body.length;
  const local = from >= 0 && to >= from ? edit(body.slice(from, to), 0, steps, true) : undefined;
  if (local && "text" in local)
    return { text: bom + body.slice(0, from) + local.text + body.slice(to) };
  const whole = edit(body, index, steps, false);
  return "text" in whole ? { text: bom + whole.text } : whole;
}

/**
 * The edits of `steps` (all on the item at `index` of the document `source`), applied. `alone`:
 * `source` is the row's own lines, which must read as a block list of that one row.
 */
function edit(source: string, index: number, steps: readonly RowChange[], alone: boolean): Outcome {
  const doc = parseDocument(source, { uniqueKeys: true, merge: true });
  if (doc.errors.length > 0) return { problem: "it does not parse as YAML" };
  const seq = doc.contents;
  if (!isSeq(seq) || index >= seq.items.length)
    return { problem: "it does not hold a list of links" };
  if (alone && (seq.flow || seq.items.length !== 1)) return { problem: "not one block list item" };
  const eol = source.includes("\r\n") ? "\r\n" : "\n";
  const item = seq.items[index] as Node;
  const edits: Edit[] = [];
  for (const step of steps) {
    if (step.kind === "set") {
      if (!isMap(item)) return { problem: "the row is not a mapping" };
      const done = setFields(source, item, step.set, step.unset, eol);
      if ("problem" in done) return done;
      appendAll(edits, done.edits);
    } else if (step.kind === "remove") {
      edits.push(removeItem(source, seq.items as Node[], index, seq.flow === true));
    } else if (step.kind === "insert-after") {
      edits.push(insertItem(source, item, step.row, seq.flow === true, eol));
    }
  }
  return { text: apply(source, edits) };
}

/** Applied from the end; of two edits at one place, the one made first comes first in the text. */
function apply(source: string, edits: Edit[]): string {
  let out = source;
  const ordered = edits.map((e, i) => ({ ...e, i })).sort((a, b) => b.start - a.start || b.i - a.i);
  for (const e of ordered) out = out.slice(0, e.start) + e.insert + out.slice(e.end);
  return out;
}

function setFields(
  source: string,
  map: YAMLMap,
  set: Record<string, unknown>,
  unset: readonly string[],
  eol: string,
): { edits: Edit[] } | { problem: string } {
  const pairs = map.items as Pair<Node, Node | null>[];
  const keyOf = (p: Pair<Node, Node | null>) => (isScalar(p.key) ? String(p.key.value) : undefined);
  const edits: Edit[] = [];
  const added: [string, unknown][] = [];
  for (const [field, value] of Object.entries(set)) {
    const pair = pairs.find((p) => keyOf(p) === field);
    if (!pair) added.push([field, value]);
    else
      edits.push({
        start: keyEnd(pair),
        end: valueEnd(source, pair),
        insert: `: ${yamlValueText(value)}`,
      });
  }
  const removed = new Set(pairs.filter((p) => unset.includes(keyOf(p) ?? "")));
  for (let i = 0; i < pairs.length; i++) {
    if (!removed.has(pairs[i])) continue;
    let last = i;
    while (last + 1 < pairs.length && removed.has(pairs[last + 1])) last++;
    const kept = pairs[last + 1];
    if (map.flow) {
      const before = pairs[i - 1];
      if (kept) edits.push({ start: keyStart(pairs[i]), end: keyStart(kept), insert: "" });
      else if (before)
        edits.push({
          start: valueEnd(source, before),
          end: valueEnd(source, pairs[last]),
          insert: "",
        });
      else return { problem: "the row would be empty" };
    } else if (i === 0) {
      // The first field shares its line with the `- `: the next kept field moves up to it.
      if (!kept) return { problem: "the row would be empty" };
      edits.push({ start: keyStart(pairs[0]), end: keyStart(kept), insert: "" });
    } else {
      edits.push({
        start: lineStart(source, keyStart(pairs[i])),
        end: pairEnd(source, pairs[last]),
        insert: "",
      });
    }
    i = last;
  }
  if (added.length > 0) {
    const last = pairs[pairs.length - 1];
    if (map.flow) {
      const at = valueEnd(source, last);
      const entries = added.map(([k, v]) => `, ${k}: ${yamlValueText(v)}`).join("");
      edits.push({ start: at, end: at, insert: entries });
    } else {
      const first = keyStart(pairs[0]);
      const pad = " ".repeat(first - lineStart(source, first));
      const at = pairEnd(source, last);
      const head = at > 0 && source[at - 1] !== "\n" ? eol : "";
      const lines = added.map(([k, v]) => `${pad}${k}: ${yamlValueText(v)}${eol}`).join("");
      edits.push({ start: at, end: at, insert: head + lines });
    }
  }
  return { edits };
}

function removeItem(source: string, items: Node[], index: number, flow: boolean): Edit {
  const item = items[index];
  if (flow) {
    const next = items[index + 1];
    const before = items[index - 1];
    if (next) return { start: rangeOf(item)[0], end: rangeOf(next)[0], insert: "" };
    if (before) return { start: rangeOf(before)[1], end: rangeOf(item)[1], insert: "" };
    return { start: rangeOf(item)[0], end: rangeOf(item)[1], insert: "" };
  }
  return { start: lineStart(source, rangeOf(item)[0]), end: itemEnd(source, item), insert: "" };
}

function insertItem(
  source: string,
  item: Node,
  row: Record<string, unknown>,
  flow: boolean,
  eol: string,
): Edit {
  if (flow) {
    const at = rangeOf(item)[1];
    return { start: at, end: at, insert: `, ${flowItem(row)}` };
  }
  const dash = source.lastIndexOf("-", rangeOf(item)[0]);
  const indent = dash - lineStart(source, dash);
  const at = itemEnd(source, item);
  const head = at > 0 && source[at - 1] !== "\n" ? eol : "";
  return { start: at, end: at, insert: head + blockItem(row, indent, eol) };
}

const rangeOf = (node: Node) => node.range ?? [0, 0, 0];
const keyStart = (pair: Pair<Node, Node | null>) => rangeOf(pair.key)[0];
const keyEnd = (pair: Pair<Node, Node | null>) => rangeOf(pair.key)[1];

/** Where a pair's value ends (its last character, line breaks after a block value excluded). */
function valueEnd(source: string, pair: Pair<Node, Node | null>): number {
  let end = pair.value ? rangeOf(pair.value)[1] : keyEnd(pair);
  while (end > 0 && (source[end - 1] === "\n" || source[end - 1] === "\r")) end--;
  return end;
}

/** The start of the line after a pair (its comment and line break included). */
function pairEnd(source: string, pair: Pair<Node, Node | null>): number {
  return lineEnd(
    source,
    pair.value ? Math.max(rangeOf(pair.value)[2], valueEnd(source, pair)) : keyEnd(pair),
  );
}

function itemEnd(source: string, item: Node): number {
  return lineEnd(source, rangeOf(item)[2]);
}

function lineStart(source: string, offset: number): number {
  return source.lastIndexOf("\n", offset - 1) + 1;
}

/** `offset` if a line starts there, else the start of the next line (or the end). */
function lineEnd(source: string, offset: number): number {
  if (offset === 0 || source[offset - 1] === "\n") return offset;
  const newline = source.indexOf("\n", offset);
  return newline === -1 ? source.length : newline + 1;
}

/** The offset where 1-based `line` starts, or -1. */
function lineOffset(source: string, line: number): number {
  let offset = 0;
  for (let n = 1; n < line; n++) {
    offset = source.indexOf("\n", offset) + 1;
    if (offset === 0) return -1;
  }
  return offset;
}
