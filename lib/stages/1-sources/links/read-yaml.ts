/** Read a YAML link file: the fast reader when the file has the plain shape, the yaml package otherwise. */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { eachYamlRowFast } from "./fast-yaml.js";
import { rowsInto, type RawRow, type RowSink } from "./raw-row.js";

export interface ReadResult {
  rows: RawRow[];
  diagnostics: Diagnostic[];
}

export function readYamlRows(withBom: string, file: string): ReadResult {
  const rows: RawRow[] = [];
  const diagnostics = eachYamlRow(withBom, file, rowsInto(rows));
  return { rows, diagnostics };
}

/** Each row of a YAML source to `sink` as it is read; the diagnostics of reading it. */
export function eachYamlRow(withBom: string, file: string, sink: RowSink): Diagnostic[] {
  // A UTF-8 byte-order mark is not content (the CSV reader drops it too).
  const text = withBom.startsWith("\ufeff") ? withBom.slice(1) : withBom;
  if (eachYamlRowFast(text, file, sink.row)) return [];
  sink.restart();
  const full = readYamlRowsFull(text, file);
  for (const row of full.rows) sink.row(row);
  return full.diagnostics;
}

/** The exact path: the yaml document API, with line numbers from a LineCounter. */
export function readYamlRowsFull(text: string, file: string): ReadResult {
  const lineCounter = new LineCounter();
  // Merge keys (`<<: *base`) as YAML 1.1 defines them; anchors and aliases resolve in toJS.
  const doc = parseDocument(text, {
    lineCounter,
    uniqueKeys: true,
    prettyErrors: false,
    merge: true,
  });
  const lineAt = (node: Node | null | undefined, fallback: number) =>
    node?.range ? lineCounter.linePos(node.range[0]).line : fallback;
  if (doc.errors.length > 0) {
    return {
      rows: [],
      diagnostics: doc.errors.map((e) =>
        diag(
          "SL101",
          { file, line: lineCounter.linePos(e.pos[0]).line },
          `cannot parse YAML: ${e.message.split("\n")[0]}`,
        ),
      ),
    };
  }
  const contents = doc.contents;
  if (contents === null || (isScalar(contents) && contents.value === null))
    return { rows: [], diagnostics: [] };
  if (!isSeq(contents)) {
    return {
      rows: [],
      diagnostics: [
        diag(
          "SL102",
          { file, line: lineAt(contents, 1) },
          "expected a list of links (each row starts with `- slug: ...`)",
          "write the file as a YAML sequence of mappings",
        ),
      ],
    };
  }
  const rows: RawRow[] = contents.items.map((node) => {
    const itemNode = node as Node | null;
    const line = lineAt(itemNode, 1);
    const fieldLines: Record<string, number> = {};
    const record = (node: unknown, prefix: string, fallback: number): void => {
      if (isMap(node))
        for (const pair of node.items) {
          const key = prefix + String((pair.key as { value?: unknown } | null)?.value);
          fieldLines[key] = lineAt(pair.key as Node, fallback);
          record(pair.value, key + ".", fieldLines[key]);
        }
      else if (isSeq(node))
        node.items.forEach((item, index) => {
          const key = prefix + String(index);
          fieldLines[key] = lineAt(item as Node, fallback);
          record(item, key + ".", fieldLines[key]);
        });
    };
    // Every field's line, nested ones as `parent.child` and list items as `parent.0`.
    if (isMap(itemNode)) record(itemNode, "", line);
    return {
      file,
      line,
      value: itemNode === null ? null : (itemNode.toJS(doc) as unknown),
      fieldLines,
    };
  });
  return { rows, diagnostics: [] };
}
