/**
 * Replace a folder by a new tree with two renames: the files go into `.NAME.new-TAG` beside it,
 * the old folder moves to `.NAME.old-TAG`, the new one takes its name, the old one is deleted.
 * A process killed anywhere leaves the old folder or the new one complete; the only moment
 * without `NAME` is between the two renames, and `recoverSwap` (run first by the next writer,
 * under the same lock) puts the old one back. Stale temp folders are removed there too.
 */
import { mkdirSync } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import { basename, dirname, join } from "node:path";
import { exists } from "./exists.js";
import { writeBehind, type WriteBehind, type WriteBehindOptions } from "./write-behind.js";

export interface TreeFile {
  /** Relative to the folder, `/` separators. */
  path: string;
  content: string | Uint8Array;
}

/** `new`: being written; `old`: a complete previous folder; `del`: being deleted. */
const tempName = (dir: string, kind: "new" | "old" | "del", tag: string) =>
  join(dirname(dir), `.${basename(dir)}.${kind}-${tag}`);

export async function replaceDir(dir: string, files: readonly TreeFile[]): Promise<void> {
  const staged = await stageDir(dir);
  await staged.commit(files);
}

/**
 * A new tree for `dir` being written into its temp folder: a large file can be handed over as
 * soon as it is made (`writeNow`), so a build never holds every file of its output at once
 * (docs/performance.md, "Build memory"). The files are written behind the caller, on a second
 * thread once the tree is large (`write-behind.ts`). `commit` writes the rest, waits for every
 * write and swaps the tree in; `discard` (or a failed commit) removes the temp folder and leaves
 * `dir` as it was.
 */
export interface StagedDir {
  /** Hands one file over for the temp folder; a failure to write it fails `commit`. */
  writeNow(path: string, content: string | Uint8Array): void;
  /** Writes `files` (none already written), then puts the tree in place of `dir`. */
  commit(files: readonly TreeFile[]): Promise<void>;
  discard(): Promise<void>;
}

export async function stageDir(dir: string, writes?: WriteBehindOptions): Promise<StagedDir> {
  await mkdir(dirname(dir), { recursive: true });
  const tag = randomBytes(6).toString("hex");
  const temp = tempName(dir, "new", tag);
  await mkdir(temp);
  const folders = new Set<string>([temp]);
  const out = writeBehind(writes);
  const discard = async () => {
    await out.settle().catch(() => undefined);
    await rm(temp, { recursive: true, force: true });
  };
  return {
    writeNow(path, content) {
      const file = join(temp, path);
      const folder = dirname(file);
      if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
      folders.add(folder);
      out.write(file, content);
    },
    async commit(files) {
      try {
        await writeTree(temp, files, folders, out);
        await out.settle();
      } catch (error) {
        await discard();
        throw error;
      }
      await swapIn(dir, temp, tag);
    },
    discard,
  };
}

async function swapIn(dir: string, temp: string, tag: string): Promise<void> {
  const old = tempName(dir, "old", tag);
  let movedOld = false;
  try {
    await rename(dir, old);
    movedOld = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      await rm(temp, { recursive: true, force: true });
      throw error;
    }
  }
  try {
    await rename(temp, dir);
  } catch (error) {
    if (movedOld) await rename(old, dir);
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  if (movedOld) await removeDir(old, tempName(dir, "del", tag));
}

/**
 * Hands `files` under `root` to `out`: each folder made once, then each file, with one
 * synchronous open, write and close (a large build writes about 20,000 files; the promise
 * writes' file handles, chunked writes and callbacks cost more than the writes themselves:
 * docs/performance.md, "Round seven: the registry, the stats index and the writes"). A file's
 * content is read just before it is handed over (shards make their text then), so few are held
 * at a time.
 */
async function writeTree(
  root: string,
  files: readonly TreeFile[],
  made: ReadonlySet<string>,
  out: WriteBehind,
): Promise<void> {
  const folders = [...new Set(files.map((file) => dirname(join(root, file.path))))].sort();
  for (const folder of folders) if (!made.has(folder)) await mkdir(folder, { recursive: true });
  for (const file of files) out.write(join(root, file.path), file.content);
}

/** Rename first, so a half-deleted folder never carries the name of a complete one. */
async function removeDir(dir: string, doomed: string): Promise<void> {
  await rename(dir, doomed);
  await rm(doomed, { recursive: true, force: true });
}

/**
 * After a killed `replaceDir`: delete every `.NAME.new-*` and `.NAME.del-*`; when `NAME` is
 * missing, restore the newest `.NAME.old-*`; delete the other old ones. Call only while holding
 * the writers' lock.
 */
export async function recoverSwap(dir: string): Promise<void> {
  const parent = dirname(dir);
  const name = basename(dir);
  let entries: string[];
  try {
    entries = await readdir(parent);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const pattern = (kind: string) => new RegExp(`^\\.${escape(name)}\\.${kind}-[0-9a-f]{12}$`);
  const stale = entries.filter((e) => pattern("new").test(e) || pattern("del").test(e));
  const olds = entries.filter((e) => pattern("old").test(e));
  for (const entry of stale) await rm(join(parent, entry), { recursive: true, force: true });
  if (olds.length === 0) return;
  if (!(await exists(dir))) {
    const dated = await Promise.all(
      olds.map(async (e) => ({ e, t: (await stat(join(parent, e))).mtimeMs })),
    );
    const newest = dated.sort((a, b) => b.t - a.t)[0].e;
    await rename(join(parent, newest), dir);
    olds.splice(olds.indexOf(newest), 1);
  }
  for (const entry of olds) {
    const tag = entry.slice(entry.lastIndexOf("-") + 1);
    await removeDir(join(parent, entry), tempName(dir, "del", tag));
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
