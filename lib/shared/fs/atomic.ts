/**
 * Atomic file replacement: write a sibling temp file, flush it to disk, give it the mode (and,
 * for root, the owner) of the file it replaces, then rename it over the target. A reader, or a
 * process killed at any moment, sees the old file or the new one, never a part.
 */
import {
  chmod,
  chown,
  link,
  mkdir,
  open,
  readdir,
  rename,
  rm,
  stat,
  type FileHandle,
} from "node:fs/promises";
import { dirname, join, basename } from "node:path";
import { randomBytes } from "node:crypto";

const tempOf = (file: string, tag: string) => join(dirname(file), `.${basename(file)}.${tag}.tmp`);

/**
 * What a file is written from: a text, bytes, or a writer given the open temp file (for content
 * made as it is written; a handle's writeFile writes from its position, so parts follow one
 * another uncopied).
 */
export type FileContent = string | Uint8Array | ((file: FileHandle) => Promise<void>);

export interface AtomicWriteOptions {
  /**
   * Flush the temp file to disk before the rename (default true). Only a file whose damage is
   * detected when it is read (a cache entry, checked against its hash: docs/cache.md) skips it.
   */
  sync?: boolean;
}

/**
 * A new temp file beside `file` holding `content`, flushed to disk unless `sync` is false; the
 * caller moves or removes it.
 */
async function writeSyncedTemp(
  file: string,
  content: FileContent,
  { sync = true }: AtomicWriteOptions = {},
): Promise<string> {
  await mkdir(dirname(file), { recursive: true });
  const temp = tempOf(file, randomBytes(6).toString("hex"));
  const handle = await open(temp, "wx");
  try {
    try {
      if (typeof content === "function") await content(handle);
      else await handle.writeFile(content);
      if (sync) await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return temp;
}

export async function writeFileAtomic(
  file: string,
  content: FileContent,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const temp = await writeSyncedTemp(file, content, options);
  try {
    await keepOwnership(file, temp);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

async function keepOwnership(file: string, temp: string): Promise<void> {
  let old;
  try {
    old = await stat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  await chmod(temp, old.mode & 0o7777);
  if (process.getuid?.() === 0 && (old.uid !== 0 || old.gid !== 0))
    await chown(temp, old.uid, old.gid);
}

/**
 * Temp files of `file` left by a writer that was killed before its rename. Call while holding the
 * lock of all the file's writers, or pass `olderThanMs` (a live writer's temp file lives for
 * milliseconds) when writers of the file do not share one lock.
 */
export async function removeStaleTemps(file: string, olderThanMs = 0): Promise<void> {
  const pattern = new RegExp(
    `^\\.${basename(file).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.[0-9a-f]{12}\\.tmp$`,
  );
  let names: string[];
  try {
    names = await readdir(dirname(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const name of names.filter((n) => pattern.test(n))) {
    const path = join(dirname(file), name);
    if (olderThanMs > 0 && !(await isOlderThan(path, olderThanMs))) continue;
    await rm(path, { force: true });
  }
}

async function isOlderThan(path: string, ms: number): Promise<boolean> {
  try {
    return Date.now() - (await stat(path)).mtimeMs >= ms;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false; // already gone
    throw error;
  }
}

/**
 * Creates `file` whole or not at all, and never over an existing one: a flushed sibling temp
 * file is hard-linked to the name, which fails (EEXIST, returned as false) when it is taken.
 */
export async function createFileExclusive(
  file: string,
  content: string | Uint8Array,
): Promise<boolean> {
  const temp = await writeSyncedTemp(file, content);
  try {
    await link(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}
