/** `check`: every build-time rule, plus src/worker.js against the fresh bundle. Writes nothing. */
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { compileInstance, type CompileResult } from "../../stages/compile.js";
import { diag, sortDiagnostics } from "../../shared/diagnostics.js";
import { SRC_WORKER } from "../../shared/paths.js";
import { unmetExpectations } from "./unmet-expectations.js";
import type { CacheStore } from "../../shared/cache/store.js";

/** `cache`: link sources' checked rows kept by their bytes (docs/cache.md; check --against). */
export async function checkInstance(options: {
  root: string;
  jobs?: number;
  cache?: CacheStore;
  /** A review compares the tables next (CompileOptions.compared). */
  compared?: boolean;
}): Promise<CompileResult> {
  const root = resolve(options.root);
  // The stats pages (hundreds of MB at a million links) are measured as they are made, their
  // text never made: nothing check runs after the compile reads them (docs/performance.md,
  // "Check lets the stats pages go", "Check measures the stats pages without their rows' text").
  const result = await compileInstance({
    root,
    jobs: options.jobs,
    cache: options.cache,
    writeNow: () => undefined,
    measureOnly: true,
    compared: options.compared,
  });
  if (result.worker === undefined || !result.files || !result.tables) return result;
  const extra = await unmetExpectations(result.files, result.tables.expectations);
  let committed: string | undefined;
  try {
    committed = await readFile(join(root, SRC_WORKER), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (committed !== result.worker) {
    const problem =
      committed === undefined ? "is missing" : "differs from the bundle build would write";
    extra.push(
      diag(
        "SL320",
        { file: SRC_WORKER, line: 0 },
        `${SRC_WORKER} ${problem}`,
        "run `shortlinks build` and commit src/worker.js",
      ),
    );
  }
  return { ...result, diagnostics: sortDiagnostics([...result.diagnostics, ...extra]) };
}

/**
 * `check --against`'s head: the instance's check without its output files, let go as soon as
 * they are checked (every shard's text; the comparison reads only the tables).
 */
export async function checkHead(
  options: Parameters<typeof checkInstance>[0],
): Promise<CompileResult> {
  const {
    files: _files,
    worker: _worker,
    ...checked
  } = await checkInstance({
    ...options,
    compared: true,
  });
  return checked;
}
