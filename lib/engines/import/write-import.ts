/**
 * The imported rows as new YAML link sources: each row under a comment naming its source line,
 * split as build reads link sources (at most MAX_ROWS_PER_FILE rows and MAX_SOURCE_BYTES bytes
 * a file: NAME.yaml, then NAME-part-2.yaml, ...), written whole or not at all and never over an
 * existing file. The export's name and lines are the user's text: in a comment, a line break or
 * another control character is shown escaped, so no name can end the comment and start a row.
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { stringify } from "yaml";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { createFileExclusive } from "../../shared/fs/atomic.js";
import { exists } from "../../shared/fs/exists.js";
import { MAX_ROWS_PER_FILE, MAX_SOURCE_BYTES } from "../../stages/1-sources/links/limits.js";
import type { ImportedRow } from "./types.js";

const COMMENT_MAX = 160;
/** Room left in each file for its head comment. */
const HEAD_BYTES = 4096;

export interface ImportedYamlInput {
  rows: readonly ImportedRow[];
  format: string;
  source: string;
}

/** One file holding every row. */
export function importedYaml(options: ImportedYamlInput): string {
  const source = commentText(options.source);
  return fileText(
    options,
    options.rows.map((r) => rowBlock(source, r)),
  );
}

/**
 * The text of each file, in order: one file unless the rows pass a link source's limits (rows
 * and bytes per file; build's own unless a test asks for less).
 */
export function importedFiles(
  options: ImportedYamlInput & { maxRows?: number; maxBytes?: number },
): string[] {
  const source = commentText(options.source);
  const maxRows = options.maxRows ?? MAX_ROWS_PER_FILE;
  const maxBytes = (options.maxBytes ?? MAX_SOURCE_BYTES) - HEAD_BYTES;
  const parts: string[][] = [[]];
  let bytes = 0;
  for (const row of options.rows) {
    const block = rowBlock(source, row);
    const size = Buffer.byteLength(block);
    let part = parts[parts.length - 1];
    if (part.length > 0 && (part.length >= maxRows || bytes + size > maxBytes)) {
      part = [];
      parts.push(part);
      bytes = 0;
    }
    part.push(block);
    bytes += size;
  }
  return parts.map((blocks, i) =>
    fileText(options, blocks, parts.length === 1 ? "" : ` (part ${i + 1} of ${parts.length})`),
  );
}

function rowBlock(source: string, { line, text, row }: ImportedRow): string {
  const shown = text.length > COMMENT_MAX ? `${text.slice(0, COMMENT_MAX - 3)}...` : text;
  const comment = `# ${source}:${line}: ${commentText(shown.replace(/[\r\n]+/g, " ").trim())}\n`;
  return comment + stringify([row], { lineWidth: 0 });
}

function fileText(options: ImportedYamlInput, blocks: readonly string[], which = ""): string {
  const head = `# Imported by \`shortlinks import ${options.format}\` from ${commentText(options.source)}${which}.\n# Each row names the source line it comes from.\n`;
  return head + blocks.join("");
}

/** Control characters and line separators (a tab aside) as escapes: `\n`, `\r`, `\u001b`. */
function commentText(text: string): string {
  return text.replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g, (c) =>
    c === "\n" ? "\\n" : c === "\r" ? "\\r" : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** The files of an import into `into` (custom/links/NAME.yaml): NAME.yaml, NAME-part-2.yaml, ... */
export function partPaths(into: string, count: number): string[] {
  const base = into.replace(/\.ya?ml$/i, "");
  const ext = into.slice(base.length);
  return Array.from({ length: count }, (_, i) => (i === 0 ? into : `${base}-part-${i + 1}${ext}`));
}

/**
 * `custom/links/imported-FORMAT.yaml`, or the first `-2`, `-3`, ... whose files (all `count`
 * parts) are all free.
 */
export async function defaultIntoPath(root: string, format: string, count = 1): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = `custom/links/imported-${format}${n === 1 ? "" : `-${n}`}.yaml`;
    const taken = await Promise.all(partPaths(candidate, count).map((p) => exists(join(root, p))));
    if (!taken.includes(true)) return candidate;
  }
}

/**
 * Writes `texts` as `into` and its parts, each created whole and only where nothing exists; when
 * one cannot be created, the ones this call created are removed again and nothing is written.
 */
export async function writeImported(
  root: string,
  into: string,
  texts: readonly string[],
): Promise<{ files: string[] } | { problem: Diagnostic }> {
  const files = partPaths(into, texts.length);
  for (const file of files)
    if (await exists(join(root, file))) return { problem: intoExists(file) };
  const created: string[] = [];
  try {
    for (const [i, file] of files.entries()) {
      if (!(await createFileExclusive(join(root, file), texts[i]))) {
        await removeAll(root, created);
        return { problem: intoExists(file) };
      }
      created.push(file);
    }
  } catch (error) {
    await removeAll(root, created);
    throw error;
  }
  return { files };
}

async function removeAll(root: string, files: readonly string[]): Promise<void> {
  for (const file of files) await rm(join(root, file), { force: true });
}

function intoExists(file: string): Diagnostic {
  return diag(
    "SL855",
    { file, line: 0 },
    `${file} exists: import writes new files and never overwrites one; nothing was written`,
    "pass --into custom/links/NEW-NAME.yaml",
  );
}
