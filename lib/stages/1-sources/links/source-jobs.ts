/**
 * Link sources read on worker threads (docs/performance.md, "Build time"): each source file is
 * read, parsed and its rows checked by whichever thread takes it first, the main thread among
 * them, and the results are put back in file order, so the links and diagnostics are the same
 * whatever the threads' timing. Threads start only when the sources are large enough to repay
 * their start-up (SOURCE_THREADS_FROM_BYTES) and the CLI runs from its bundle, whose module a
 * worker loads again (a test run from the TypeScript sources reads on the main thread).
 */
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import type { Diagnostic } from "../../../shared/diagnostics.js";
import type { SourceLink } from "./row-schema.js";
import { SAME_LINE } from "./read-csv.js";

/** What one source file gave: its checked links and its diagnostics. */
export interface FileLoad {
  links: SourceLink[];
  diagnostics: Diagnostic[];
  /**
   * By link, the answer a review's other side gave the same row (docs/cache.md, "Rows unchanged
   * within a changed file"); such a link is only its file's name, as a cached file's rows are.
   */
  answers?: (object | undefined)[];
}

export type LoadFile = (file: string) => Promise<FileLoad>;

/**
 * Total size of the source files below which one thread reads them all. On two cores a second
 * thread paid at no size measured, up to a million links (150 MB): the main thread copies the
 * worker's rows back about as fast as it would parse them (docs/performance.md, "Source threads
 * only past 256 MiB").
 */
export const SOURCE_THREADS_FROM_BYTES = 256 * 1024 * 1024;

/**
 * The threshold the tests lower (to 0) so a small instance is read on threads too; anything but
 * a whole number leaves SOURCE_THREADS_FROM_BYTES.
 */
const THRESHOLD_VARIABLE = "SHORTLINKS_SOURCE_THREADS_FROM_BYTES";

function threadsFromBytes(): number {
  const set = process.env[THRESHOLD_VARIABLE];
  return set !== undefined && /^\d+$/.test(set) ? Number(set) : SOURCE_THREADS_FROM_BYTES;
}

const JOB_MARK = "shortlinks:source-files";

interface Job {
  root: string;
  file: string;
}

/** This module's file when it runs from a bundle a worker can load, else undefined. */
function workerScript(): string | undefined {
  const url = import.meta.url;
  return url.startsWith("file:") && url.endsWith(".js") ? fileURLToPath(url) : undefined;
}

/** In a worker started by `loadFiles`: read each file the main thread sends. */
export function serveSourceJobs(loadFile: (root: string, file: string) => Promise<FileLoad>): void {
  if (isMainThread || workerData !== JOB_MARK || !parentPort) return;
  const port = parentPort;
  port.on("message", (job: Job) => {
    void loadFile(job.root, job.file).then(
      (result) => port.postMessage({ ok: true, result }),
      (error: unknown) => port.postMessage({ ok: false, error: String(error) }),
    );
  });
}

/**
 * Each of `files` through `loadFile`, on up to `jobs` threads (the main thread and `jobs - 1`
 * workers), returned in the order of `files`. `inMain`: a file only the main thread can read (a
 * text an editor passed in); with one, the main thread reads them all.
 */
export async function loadFiles(
  root: string,
  files: readonly string[],
  jobs: number,
  loadFile: LoadFile,
  inMain: (file: string) => boolean,
): Promise<FileLoad[]> {
  const results: FileLoad[] = new Array<FileLoad>(files.length);
  const script = workerScript();
  const threads =
    script !== undefined &&
    jobs > 1 &&
    files.length > 1 &&
    !files.some(inMain) &&
    (await totalBytes(root, files)) >= threadsFromBytes()
      ? Math.min(jobs, files.length) - 1
      : 0;
  let next = 0;
  const onMain = async () => {
    while (next < files.length) {
      const i = next++;
      results[i] = await loadFile(files[i]);
    }
  };
  const onWorker = async (worker: Worker) => {
    try {
      while (next < files.length) {
        const i = next++;
        results[i] = adopt(await runJob(worker, { root, file: files[i] }), files[i]);
      }
    } finally {
      await worker.terminate();
    }
  };
  const workers = Array.from({ length: threads }, () =>
    onWorker(new Worker(script as string, { workerData: JOB_MARK })),
  );
  await Promise.all([...workers, onMain()]);
  return results;
}

function runJob(worker: Worker, job: Job): Promise<FileLoad> {
  return new Promise((resolve, reject) => {
    const done = (message: { ok: true; result: FileLoad } | { ok: false; error: string }) => {
      worker.off("error", reject);
      if (message.ok) resolve(message.result);
      else reject(new Error(message.error));
    };
    worker.once("message", done);
    worker.once("error", reject);
    worker.postMessage(job);
  });
}

/**
 * A worker's links as the main thread would have made them: one shared `file` string and the
 * shared empty line map of a CSV row, not a copy of each per row (tens of MB at a million).
 */
function adopt(load: FileLoad, file: string): FileLoad {
  for (const link of load.links) {
    link.file = file;
    if (isEmpty(link.fieldLines)) link.fieldLines = SAME_LINE;
  }
  return load;
}

function isEmpty(record: Record<string, number>): boolean {
  for (const _ in record) return false;
  return true;
}

async function totalBytes(root: string, files: readonly string[]): Promise<number> {
  let bytes = 0;
  for (const file of files) bytes += (await stat(join(root, file)).catch(() => ({ size: 0 }))).size;
  return bytes;
}
