/**
 * A set of new files written all or nothing: each is created whole and only where nothing exists
 * (an existing file is kept), then `then` runs (init's first build); when it fails or anything
 * throws, every file and folder this wrote, and the `outputs` that did not exist before, are
 * removed again, so the folder is as it was.
 */
import { mkdir, rm, rmdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { createFileExclusive } from "../../shared/fs/atomic.js";
import { exists } from "../../shared/fs/exists.js";

export interface NewFile {
  /** Relative to the root, with `/`. */
  path: string;
  content: string | Uint8Array;
}

export interface Written {
  created: string[];
  kept: string[];
}

/** Undefined when `then` failed and everything was taken back. */
export async function writeAllOrNothing(
  root: string,
  files: readonly NewFile[],
  options: { outputs: readonly string[]; then: () => Promise<boolean> },
): Promise<Written | undefined> {
  const undo = new Undo();
  try {
    const absentOutputs: string[] = [];
    for (const output of options.outputs)
      if (!(await exists(join(root, output)))) absentOutputs.push(output);
    const written: Written = { created: [], kept: [] };
    for (const file of files) {
      const path = join(root, file.path);
      if (await exists(path)) {
        written.kept.push(file.path);
        continue;
      }
      await undo.folder(dirname(path));
      if (!(await createFileExclusive(path, file.content)))
        throw new Error(`${file.path} appeared while init was writing; nothing was kept`);
      undo.files.push(path);
      written.created.push(file.path);
    }
    // The outputs' folders (src/) may be made by the build: noted now, removed if left empty.
    for (const output of absentOutputs) await undo.notFolders(dirname(join(root, output)));
    for (const output of absentOutputs) undo.outputs.push(join(root, output));
    if (await options.then()) return written;
    await undo.run();
    return undefined;
  } catch (error) {
    await undo.run();
    throw error;
  }
}

class Undo {
  files: string[] = [];
  outputs: string[] = [];
  private folders: string[] = [];
  private missing: string[] = [];

  /** Creates `dir` and its missing parents, each noted to be removed. */
  async folder(dir: string): Promise<void> {
    if (await exists(dir)) return;
    await this.folder(dirname(dir));
    await mkdir(dir);
    this.folders.push(dir);
  }

  /** Folders that do not exist now and that someone else may create: removed if left empty. */
  async notFolders(dir: string): Promise<void> {
    if (!(await exists(dir))) this.missing.push(dir);
  }

  async run(): Promise<void> {
    for (const path of [...this.files, ...this.outputs])
      await rm(path, { recursive: true, force: true });
    for (const dir of [...this.missing, ...this.folders.reverse()]) await removeIfEmpty(dir);
  }
}

async function removeIfEmpty(dir: string): Promise<void> {
  try {
    await rmdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "ENOTEMPTY" && code !== "EEXIST") throw error;
  }
}
