/**
 * `build`: refuse an output folder whose loss would destroy work, then compile and swap the new
 * bundle in (lib/shared/fs/swap-dir.ts) under a lock beside the output folder, so concurrent builds take
 * turns and a killed one is cleaned up by the next. A failed build (any error, or an exception)
 * leaves the previous output as it was.
 */
import { mkdir, rmdir } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import {
  compileInstance,
  EMPTY_BLOCKLIST,
  EMPTY_SUMMARY,
  type CompileResult,
} from "../../stages/compile.js";
import { diag, sortDiagnostics, type Diagnostic } from "../../shared/diagnostics.js";
import { AssetTooLargeError } from "../../stages/4-assets/asset-size.js";
import { removeStaleTemps, writeFileAtomic } from "../../shared/fs/atomic.js";
import { displayPath } from "../../shared/fs/display-path.js";
import { LockBusyError, withLock, type HeldLock } from "../../shared/fs/lock.js";
import { writeProblem } from "../../shared/fs/write-target.js";
import { recoverSwap, stageDir, type StagedDir } from "../../shared/fs/swap-dir.js";
import { SRC_WORKER, OUT_DIR } from "../../shared/paths.js";

export interface BuildOptions {
  root: string;
  /** Default `ROOT/dist`. */
  outDir?: string;
  /** How long to wait for another build of the same folder; default 120 s. */
  lockTimeoutMs?: number;
  /** Threads the compile may use (CompileOptions.jobs). */
  jobs?: number;
}

export interface BuildResult extends CompileResult {
  outDir: string;
  wrote: boolean;
  /** The output folder was refused (SL340-SL342): a usage error, nothing was compiled or written. */
  outProblem?: Diagnostic;
}

/** The lock file of the writers of `outDir`, beside it. */
export function outDirLock(outDir: string): string {
  return join(dirname(outDir), `.${basename(outDir)}.lock`);
}

export async function buildInstance(options: BuildOptions): Promise<BuildResult> {
  const root = resolve(options.root);
  const outDir = resolve(options.outDir ?? join(root, OUT_DIR));
  const refused = (outProblem: Diagnostic): BuildResult => ({
    diagnostics: [outProblem],
    summary: EMPTY_SUMMARY,
    links: [],
    blocklist: EMPTY_BLOCKLIST,
    outDir,
    wrote: false,
    outProblem,
  });
  const early = await writeProblem(root, outDir, { kind: "bundle" });
  if (early) return refused(early);
  // A missing parent folder is made for the new tree (its large files are written as they are
  // made) and the lock, and goes again, with every folder made for it, unless the build writes.
  const made = await mkdir(dirname(outDir), { recursive: true });
  /** The compiled bundle swapped in (its files not written yet, then the worker), unless refused. */
  const writeOut = async (
    result: CompileResult,
    held: HeldLock,
    staged: StagedDir,
  ): Promise<BuildResult> => {
    if (!result.files || result.worker === undefined) return { ...result, outDir, wrote: false };
    // Checked again under the lock: the folder may have changed while we compiled.
    const late = await writeProblem(root, outDir, { kind: "bundle" });
    if (late) return refused(late);
    await held.verify();
    try {
      await staged.commit(result.files);
    } catch (error) {
      // A shard is measured as its text is made for the write (asset-size.ts): the new tree goes.
      if (!(error instanceof AssetTooLargeError)) throw error;
      const { links, blocklist, summary } = result;
      const diagnostics = sortDiagnostics([...result.diagnostics, error.diagnostic]);
      return { diagnostics, summary, links, blocklist, outDir, wrote: false };
    }
    // Builds into other folders may write src/worker.js too: only temps a minute old go.
    await removeStaleTemps(join(root, SRC_WORKER), 60_000);
    await writeFileAtomic(join(root, SRC_WORKER), result.worker);
    return { ...result, outDir, wrote: true };
  };
  let built: BuildResult | undefined;
  try {
    built = await withLock(
      outDirLock(outDir),
      async (held): Promise<BuildResult> => {
        await recoverSwap(outDir);
        // Large files go into the new tree as they are made: a failed build discards it.
        const staged = await stageDir(outDir);
        try {
          const result = await compileInstance({
            root,
            jobs: options.jobs,
            writeNow: (path, text) => staged.writeNow(path, text()),
            sizesWhenWritten: true,
          });
          return await writeOut(result, held, staged);
        } finally {
          await staged.discard();
        }
      },
      { timeoutMs: options.lockTimeoutMs ?? 120_000 },
    );
    return built;
  } catch (error) {
    if (!(error instanceof LockBusyError)) throw error;
    const owner = error.owner ? ` (process ${error.owner.pid} on ${error.owner.host})` : "";
    return refused(
      diag(
        "SL342",
        { file: displayPath(outDir), line: 0 },
        `another build is writing this folder${owner}`,
        `wait for it to finish; if none is running, delete ${displayPath(error.lockPath)}`,
      ),
    );
  } finally {
    if (made !== undefined && !built?.wrote) await removeMadeFolders(dirname(outDir), made);
  }
}

/** Removes `from` and each folder above it up to `made`, while they are empty. */
async function removeMadeFolders(from: string, made: string): Promise<void> {
  for (let dir = from; ; dir = dirname(dir)) {
    try {
      await rmdir(dir);
    } catch {
      return;
    }
    if (dir === made || dirname(dir) === dir) return;
  }
}
