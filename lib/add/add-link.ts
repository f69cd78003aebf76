/**
 * `add`: validate one new row against the whole instance, then append it to a YAML source.
 * The file's existing text is kept byte for byte (comments, order, quoting): the row is
 * appended as text when the file is a block sequence; otherwise the yaml document API adds it.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { isSeq, parseDocument, stringify } from "yaml";
import { compileInstance } from "../compile.js";
import { diag, hasErrors, type Diagnostic } from "../diagnostics.js";
import { writeFileAtomic } from "../fs/atomic.js";
import type { RawRow } from "../sources/raw-row.js";

export const DEFAULT_ADD_FILE = "custom/links/links.yaml";

export interface AddLinkInput {
  root: string;
  /** Relative to the root. */
  file?: string;
  row: Record<string, unknown>;
}

export type AddLinkResult =
  | { ok: true; file: string; line: number; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[]; other: Diagnostic[] };

export async function addLink(input: AddLinkInput): Promise<AddLinkResult> {
  const file = (input.file ?? DEFAULT_ADD_FILE).split("\\").join("/");
  const path = join(input.root, file);
  let text = "";
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const doc = parseDocument(text, { keepSourceTokens: true });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      diagnostics: [
        diag(
          "SL101",
          { file, line: 0 },
          `cannot parse ${file}: ${doc.errors[0].message.split("\n")[0]}; fix it before adding`,
        ),
      ],
      other: [],
    };
  }
  const blockSeq = isSeq(doc.contents) && !doc.contents.flow;
  const empty = doc.contents === null || (doc.contents as { value?: unknown }).value === null;
  if (!blockSeq && !empty && !isSeq(doc.contents)) {
    return {
      ok: false,
      diagnostics: [diag("SL102", { file, line: 1 }, `${file} does not hold a list of links`)],
      other: [],
    };
  }
  const base = text === "" || text.endsWith("\n") ? text : text + "\n";
  const line = base === "" ? 1 : base.split("\n").length;
  const raw: RawRow = { file, line, value: input.row, fieldLines: {} };
  const compiled = await compileInstance({
    root: input.root,
    skipBundle: true,
    emit: false,
    extraRows: [raw],
  });
  const mine = compiled.diagnostics.filter((d) => d.file === file && d.line === line);
  if (hasErrors(mine)) {
    return {
      ok: false,
      diagnostics: mine,
      other: compiled.diagnostics.filter((d) => !mine.includes(d)),
    };
  }
  let next: string;
  if (blockSeq || empty) {
    next =
      (empty ? base.replace(/^\s*(\[\s*\]\s*)?$/, "") : base) +
      stringify([input.row], { lineWidth: 0 });
  } else {
    doc.addIn([], doc.createNode(input.row));
    next = doc.toString({ lineWidth: 0 });
  }
  await writeFileAtomic(path, next);
  return { ok: true, file, line, diagnostics: mine };
}
