/**
 * Files written on a second thread while the caller goes on making the next ones: the kernel's
 * part of writing a large build's output (hundreds of MB at a million links) then runs beside
 * the build's own work instead of after each file (docs/performance.md, "Writing on a second
 * thread"). Small outputs never start the thread: until `threadFromBytes` have been written, a
 * file is written at once, on the caller's thread.
 *
 * A text goes to the thread as it is, and the thread encodes it: the message copies a string as
 * it lies in memory, where encoding it to UTF-8 here took longer (docs/performance.md, "Texts to
 * the writer thread as they are"). At most `maxQueuedBytes` wait (a text counts its length):
 * past that, `write` blocks until the thread has written enough. The first failure is kept;
 * later files are dropped, and `settle` throws it.
 */
import { writeFileSync } from "node:fs";
import { Worker } from "node:worker_threads";

export interface WriteBehind {
  /** Writes `content` to `file` (its folder must exist), now or on the writer thread. */
  write(file: string, content: string | Uint8Array): void;
  /** Resolves when every file is written; throws the first write's failure, if any. */
  settle(): Promise<void>;
}

export interface WriteBehindOptions {
  /** Bytes written on the caller's thread before the writer thread starts; default 8 MiB. */
  threadFromBytes?: number;
  /** Bytes waiting for the writer thread before `write` blocks; default 8 MiB. */
  maxQueuedBytes?: number;
}

/** The writer thread: writes each file it is sent, counts its bytes off, keeps the first error. */
const WRITER = `
const { parentPort, workerData } = require("node:worker_threads");
const { writeFileSync } = require("node:fs");
const queued = new Int32Array(workerData);
let failure;
parentPort.on("message", (job) => {
  if (job === "settle") return parentPort.postMessage(failure ?? null);
  try {
    if (!failure) writeFileSync(job.file, job.content);
  } catch (error) {
    failure = { message: error.message, code: error.code, path: error.path };
  }
  Atomics.sub(queued, 0, job.size);
  Atomics.notify(queued, 0);
});
`;

/** A writer thread that makes no progress for this long is taken as dead. */
const STALLED_MS = 60_000;

export function writeBehind(options: WriteBehindOptions = {}): WriteBehind {
  const threadFrom = options.threadFromBytes ?? 8 * 1024 * 1024;
  const maxQueued = options.maxQueuedBytes ?? 8 * 1024 * 1024;
  const queued = new Int32Array(new SharedArrayBuffer(4));
  let written = 0;
  let worker: Worker | undefined;
  let failed: Error | undefined;

  const waitForRoom = () => {
    for (;;) {
      const now = Atomics.load(queued, 0);
      if (now <= maxQueued) return;
      if (Atomics.wait(queued, 0, now, STALLED_MS) === "timed-out")
        throw new Error("the output's writer thread stopped writing");
    }
  };

  return {
    write(file, content) {
      if (failed) return;
      // A text counts its length, bytes their bytes: both for the threshold and the queue.
      const size = typeof content === "string" ? content.length : content.byteLength;
      if (!worker) {
        written += size;
        if (written < threadFrom) {
          try {
            writeFileSync(file, content);
          } catch (error) {
            failed = error as Error;
          }
          return;
        }
        worker = new Worker(WRITER, {
          eval: true,
          workerData: queued.buffer,
          resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
        });
      }
      waitForRoom();
      Atomics.add(queued, 0, size);
      if (typeof content === "string") {
        worker.postMessage({ file, content, size });
        return;
      }
      // Bytes of their own (a Buffer may be a view of a pool other Buffers share), so they move
      // to the thread without a second copy and the caller's array stays the caller's.
      const bytes = new Uint8Array(content);
      worker.postMessage({ file, content: bytes, size }, [bytes.buffer]);
    },
    async settle() {
      const thread = worker;
      worker = undefined;
      if (thread) {
        try {
          const failure = await ask(thread);
          if (failure && !failed) failed = Object.assign(new Error(failure.message), failure);
        } finally {
          await thread.terminate();
        }
      }
      if (failed) throw failed;
    },
  };
}

interface Failure {
  message: string;
  code?: string;
  path?: string;
}

/** The thread's answer once it has written everything sent before. */
function ask(thread: Worker): Promise<Failure | null> {
  return new Promise((resolve, reject) => {
    thread.once("message", resolve);
    thread.once("error", reject);
    thread.once("exit", () => reject(new Error("the output's writer thread exited")));
    thread.postMessage("settle");
  });
}
