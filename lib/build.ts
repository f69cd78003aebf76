/**
 * `build`: compile, then write everything into a temp folder beside the output folder and swap it
 * in with renames. A failed build (any error, or an exception) leaves the previous output as it was.
 */
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import { basename, dirname, join, resolve } from "node:path";
import { compileInstance, type CompileResult } from "./compile.js";
import { writeFileAtomic } from "./fs/atomic.js";

export const SRC_WORKER = "src/worker.js";

export interface BuildOptions {
  root: string;
  /** Default `ROOT/dist`. */
  outDir?: string;
}

export interface BuildResult extends CompileResult {
  outDir: string;
  wrote: boolean;
}

export async function buildInstance(options: BuildOptions): Promise<BuildResult> {
  const root = resolve(options.root);
  const outDir = resolve(options.outDir ?? join(root, "dist"));
  const result = await compileInstance({ root });
  if (!result.files || result.worker === undefined) return { ...result, outDir, wrote: false };
  await writeTree(outDir, result.files);
  await writeFileAtomic(join(root, SRC_WORKER), result.worker);
  return { ...result, outDir, wrote: true };
}

/** Write files into a sibling temp folder, then replace `outDir` by renames. */
export async function writeTree(
  outDir: string,
  files: { path: string; content: string | Uint8Array }[],
): Promise<void> {
  const parent = dirname(outDir);
  await mkdir(parent, { recursive: true });
  const tag = randomBytes(6).toString("hex");
  const temp = join(parent, `.${basename(outDir)}.new-${tag}`);
  const old = join(parent, `.${basename(outDir)}.old-${tag}`);
  try {
    for (const file of files) {
      const target = join(temp, file.path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, file.content);
    }
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  let movedOld = false;
  try {
    await rename(outDir, old);
    movedOld = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      await rm(temp, { recursive: true, force: true });
      throw error;
    }
  }
  try {
    await rename(temp, outDir);
  } catch (error) {
    if (movedOld) await rename(old, outDir);
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  if (movedOld) await rm(old, { recursive: true, force: true });
}
