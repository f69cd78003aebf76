/**
 * `add`: one new row, validated against the whole instance, appended to a link source (YAML or
 * CSV) in the file's own style. Writers take turns under one lock beside the sources (duplicates
 * are checked across every file, so every file's writers share it); the file is read, validated,
 * re-read as text (append-row.ts) and replaced atomically under that lock, keeping its mode and
 * writing through a symbolic link that stays inside the instance.
 */
import { mkdir, realpath } from "node:fs/promises";
import { join } from "node:path";
import { compileInstance } from "../../stages/compile.js";
import { diag, hasErrors, type Diagnostic } from "../../shared/diagnostics.js";
import { removeStaleTemps, writeFileAtomic } from "../../shared/fs/atomic.js";
import { LockBusyError, withLock } from "../../shared/fs/lock.js";
import { exists } from "../../shared/fs/exists.js";
import { readSourceText } from "../../stages/1-sources/links/source-file.js";
import { writeProblem } from "../../shared/fs/write-target.js";
import { appendRow } from "./append-row.js";
import { chooseAddFile } from "./choose-file.js";
import { LINKS_DIR } from "../../shared/paths.js";

export { DEFAULT_ADD_FILE } from "./choose-file.js";

/** Beside the sources; not a source name, so the build never reads it. */
export const ADD_LOCK = `${LINKS_DIR}/.shortlinks-add.lock`;

export interface AddLinkInput {
  root: string;
  /** Relative to the root; chosen by chooseAddFile when absent. */
  file?: string;
  row: Record<string, unknown>;
  /** How long to wait for another add; default 30 s. */
  lockTimeoutMs?: number;
}

export type AddLinkResult =
  | { ok: true; file: string; line: number; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[]; other: Diagnostic[]; usage?: boolean };

const refused = (problem: Diagnostic, usage = false): AddLinkResult => ({
  ok: false,
  diagnostics: [problem],
  other: [],
  usage,
});

export async function addLink(input: AddLinkInput): Promise<AddLinkResult> {
  const { root, row } = input;
  const chosen = await chooseAddFile(root, input.file);
  if ("problem" in chosen) return refused(chosen.problem, true);
  const { file } = chosen;
  await mkdir(join(root, LINKS_DIR), { recursive: true });
  // A first pass without the lock refuses a bad row at once and warms the validator up, so the
  // pass that counts, under the lock, is short and writers queue for less time.
  const first = await prepare(root, file, row);
  if ("result" in first) return first.result;
  try {
    return await withLock(
      join(root, ADD_LOCK),
      async (held) => {
        const ready = await prepare(root, file, row);
        if ("result" in ready) return ready.result;
        await held.verify();
        await removeStaleTemps(ready.target);
        await writeFileAtomic(ready.target, ready.text);
        return { ok: true, file, line: ready.line, diagnostics: ready.diagnostics };
      },
      { timeoutMs: input.lockTimeoutMs ?? 30_000 },
    );
  } catch (error) {
    if (!(error instanceof LockBusyError)) throw error;
    const owner = error.owner ? ` (process ${error.owner.pid} on ${error.owner.host})` : "";
    return refused(
      diag(
        "SL121",
        { file: ADD_LOCK, line: 0 },
        `another add is writing the link sources${owner}; nothing was added`,
        `try again when it has finished; if none is running, delete ${ADD_LOCK}`,
      ),
    );
  }
}

type Prepared =
  | { result: AddLinkResult }
  | { target: string; text: string; line: number; diagnostics: Diagnostic[] };

/** Read the file as it is now, append the row as text, validate it against the whole instance. */
async function prepare(
  root: string,
  file: string,
  row: Record<string, unknown>,
): Promise<Prepared> {
  // A link source that is a symbolic link is written through: it must lead to a link source.
  const refusedTarget = await writeProblem(root, join(root, file), {
    kind: "link source",
    command: "add",
  });
  if (refusedTarget) return { result: refused({ ...refusedTarget, file }, true) };
  const present = await exists(join(root, file));
  const source = present ? await readSourceText(root, file) : { text: "" };
  if ("problem" in source) return { result: refused(source.problem) };
  const appended = appendRow(file, source.text, row);
  if ("problem" in appended) return { result: refused(appended.problem) };
  const line = appended.row.line;
  const compiled = await compileInstance({
    root,
    skipBundle: true,
    emit: false,
    extraRows: [appended.row],
  });
  // The new row is the file's last: what is reported at or after its first line is its own.
  const mine = compiled.diagnostics.filter((d) => d.file === file && d.line >= line);
  if (hasErrors(mine))
    return {
      result: {
        ok: false,
        diagnostics: mine,
        other: compiled.diagnostics.filter((d) => !mine.includes(d)),
      },
    };
  // Through a symbolic link (readSourceText made sure it stays inside the instance).
  const target = present ? await realpath(join(root, file)) : join(root, file);
  return { target, text: appended.text, line, diagnostics: mine };
}
