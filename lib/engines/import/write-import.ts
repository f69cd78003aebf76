/**
 * The imported rows as a new YAML link source: each row under a comment naming its source line,
 * written whole or not at all and never over an existing file. The export's name and lines are
 * the user's text: in a comment, a line break or another control character is shown escaped, so
 * no name can end the comment and start a row of its own.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "yaml";
import { createFileExclusive } from "../../shared/fs/atomic.js";
import type { ImportedRow } from "./types.js";

const COMMENT_MAX = 160;

export function importedYaml(options: {
  rows: readonly ImportedRow[];
  format: string;
  source: string;
}): string {
  const source = commentText(options.source);
  const head = `# Imported by \`shortlinks import ${options.format}\` from ${source}.\n# Each row names the source line it comes from.\n`;
  const body = options.rows.map(({ line, text, row }) => {
    const shown = text.length > COMMENT_MAX ? `${text.slice(0, COMMENT_MAX - 3)}...` : text;
    const comment = `# ${source}:${line}: ${commentText(shown.replace(/[\r\n]+/g, " ").trim())}\n`;
    return comment + stringify([row], { lineWidth: 0 });
  });
  return head + body.join("");
}

/** Control characters and line separators (a tab aside) as escapes: `\n`, `\r`, `\u001b`. */
function commentText(text: string): string {
  return text.replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g, (c) =>
    c === "\n" ? "\\n" : c === "\r" ? "\\r" : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** `custom/links/imported-FORMAT.yaml`, or the first `-2`, `-3`, ... that does not exist. */
export function defaultIntoPath(root: string, format: string): string {
  for (let n = 1; ; n++) {
    const candidate = `custom/links/imported-${format}${n === 1 ? "" : `-${n}`}.yaml`;
    if (!existsSync(join(root, candidate))) return candidate;
  }
}

export async function writeImported(root: string, into: string, text: string): Promise<boolean> {
  return createFileExclusive(join(root, into), text);
}
