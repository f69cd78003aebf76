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
import { diag, hasErrors, isError, type Diagnostic } from "../../shared/diagnostics.js";
import type { LinkRecord } from "../../../runtime/contract/index.js";
import { removeStaleTemps, writeFileAtomic } from "../../shared/fs/atomic.js";
import { LockBusyError, withLock } from "../../shared/fs/lock.js";
import { exists } from "../../shared/fs/exists.js";
import { readSourceText } from "../../stages/1-sources/links/source-file.js";
import { writeProblem } from "../../shared/fs/write-target.js";
import { appendRow } from "./append-row.js";
import { chooseAddFile } from "./choose-file.js";
import { LINKS_DIR } from "../../shared/paths.js";
import { slugDrawer, type SlugDrawer } from "./slug-drawer.js";

export { DEFAULT_ADD_FILE } from "./choose-file.js";

/** Beside the sources; not a source name, so the build never reads it. */
export const ADD_LOCK = `${LINKS_DIR}/.shortlinks-add.lock`;

export interface AddLinkInput {
  root: string;
  /** Relative to the root; chosen by chooseAddFile when absent. */
  file?: string;
  /** The new row; without a slug when `random` is given. */
  row: Record<string, unknown>;
  /** Draw a random slug (docs/editing.md#random-slugs), of `length` characters when given. */
  random?: { length?: number };
  /** Validate and show the row; write nothing. */
  dryRun?: boolean;
  /** How long to wait for another add; default 30 s. */
  lockTimeoutMs?: number;
}

export type AddLinkResult =
  | {
      ok: true;
      file: string;
      line: number;
      /** The slug added (the one drawn, with `random`). */
      slug: string;
      diagnostics: Diagnostic[];
      /** The file's text before and after (after is not written on a dry run). */
      before: string;
      after: string;
    }
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
  const drawer = input.random ? await slugDrawer(root, row, input.random.length) : undefined;
  if (drawer && "problem" in drawer) return refused(drawer.problem, drawer.usage);
  const pass = (slug?: string) =>
    drawer ? prepareRandom(root, file, row, drawer, slug) : prepare(root, file, row);
  // A first pass without the lock refuses a bad row at once and warms the validator up, so the
  // pass that counts, under the lock, is short and writers queue for less time. A drawn slug is
  // tried again under the lock (and drawn anew only if another writer took it meanwhile).
  const first = await pass();
  if ("result" in first) return first.result;
  const done = (ready: Ready) => ({
    ok: true as const,
    file,
    line: ready.line,
    slug: ready.slug,
    diagnostics: ready.diagnostics,
    before: ready.before,
    after: ready.text,
  });
  if (input.dryRun) return done(first);
  await mkdir(join(root, LINKS_DIR), { recursive: true });
  try {
    return await withLock(
      join(root, ADD_LOCK),
      async (held) => {
        const ready = await pass(first.slug);
        if ("result" in ready) return ready.result;
        await held.verify();
        await removeStaleTemps(ready.target);
        await writeFileAtomic(ready.target, ready.text);
        return done(ready);
      },
      { timeoutMs: input.lockTimeoutMs ?? 30_000 },
    );
  } catch (error) {
    if (!(error instanceof LockBusyError)) throw error;
    return refused(sourcesBusy(error, "added"));
  }
}

/** SL121: another command holds the link sources' lock (add and the editor's verbs share it). */
export function sourcesBusy(error: LockBusyError, nothing: "added" | "changed"): Diagnostic {
  const owner = error.owner ? ` (process ${error.owner.pid} on ${error.owner.host})` : "";
  return diag(
    "SL121",
    { file: ADD_LOCK, line: 0 },
    `another shortlinks command is writing the link sources${owner}; nothing was ${nothing}`,
    `try again when it has finished; if none is running, delete ${ADD_LOCK}`,
  );
}

interface Ready {
  target: string;
  slug: string;
  before: string;
  text: string;
  line: number;
  diagnostics: Diagnostic[];
}

type Prepared = { result: AddLinkResult; links?: readonly LinkRecord[] } | Ready;

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
      links: compiled.links,
    };
  // Through a symbolic link (readSourceText made sure it stays inside the instance).
  const target = present ? await realpath(join(root, file)) : join(root, file);
  const slug = String(row.slug);
  return { target, slug, before: source.text, text: appended.text, line, diagnostics: mine };
}

/** Codes that say a drawn slug is taken: another link, a reserved path, a static file. */
const TAKEN = new Set(["SL303", "SL304", "SL305"]);
/** Validations of drawn slugs per pass; each is a compile of the instance. */
const TRIES = 5;

/** `prepare` with a drawn slug (`first` if given), drawn again while the slug is taken. */
async function prepareRandom(
  root: string,
  file: string,
  row: Record<string, unknown>,
  drawer: SlugDrawer,
  first?: string,
): Promise<Prepared> {
  let slug = first ?? drawer.draw();
  for (let i = 0; i < TRIES && slug !== undefined; i++) {
    const ready = await prepare(root, file, { slug, ...row });
    if (!("result" in ready) || ready.result.ok) return ready;
    const errors = ready.result.diagnostics.filter(isError);
    if (!errors.every((d) => TAKEN.has(d.code))) return ready;
    drawer.taken(slug, ready.links ?? []);
    slug = drawer.draw();
  }
  return { result: refused(drawer.full()) };
}
