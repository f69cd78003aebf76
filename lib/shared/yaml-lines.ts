/** Line numbers for values of a small YAML document (site.yaml, tests.yaml). */
import { isMap, isSeq, LineCounter, parseDocument, type Document, type Node } from "yaml";

export interface LocatedDocument {
  doc: Document;
  value: unknown;
  errors: { line: number; message: string }[];
  /** 1-based line of the node at `path` (or of its nearest existing parent). */
  lineOf: (path: readonly PropertyKey[]) => number;
}

export function parseLocated(text: string): LocatedDocument {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true });
  const lineAt = (offset: number) => lineCounter.linePos(offset).line;
  const errors = doc.errors.map((e) => ({
    line: lineAt(e.pos[0]),
    message: e.message.split("\n")[0],
  }));
  const lineOf = (path: readonly PropertyKey[]): number => {
    let node: unknown = doc.contents;
    let line = node && (node as Node).range ? lineAt((node as Node).range![0]) : 1;
    for (const key of path) {
      if (isMap(node)) {
        const pair = node.items.find((p) => (p.key as { value?: unknown } | null)?.value === key);
        if (!pair) break;
        const keyNode = pair.key as Node | null;
        if (keyNode?.range) line = lineAt(keyNode.range[0]);
        node = pair.value;
      } else if (isSeq(node) && typeof key === "number") {
        node = node.items[key];
        if ((node as Node | undefined)?.range) line = lineAt((node as Node).range![0]);
      } else break;
    }
    return line;
  };
  return { doc, value: errors.length ? undefined : doc.toJS(), errors, lineOf };
}
