/**
 * Blobs from one `git cat-file --batch`, streamed: each blob goes to its sink chunk by chunk as git
 * writes it, with backpressure, so reading BASE holds about one pipe buffer in memory, not the
 * instance. Only the blobs asked for are read: the caller decides from `ls-tree` sizes.
 */
import { spawn } from "node:child_process";
import { storeArgs, type GitStore } from "./git-run.js";

export interface BlobSink {
  write(chunk: Buffer): Promise<void>;
  close(): Promise<void>;
}

/** Reads `oids` in order, handing each one's bytes to the sink `open` gives for it. */
export async function catBlobs(
  store: GitStore,
  oids: readonly string[],
  open: (oid: string, size: number) => Promise<BlobSink>,
): Promise<void> {
  if (oids.length === 0) return;
  const child = spawn("git", [...storeArgs(store), "cat-file", "--batch"], {
    cwd: store.cwd,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((done, fail) => {
    child.on("error", fail);
    child.on("close", done);
  });
  child.stdin.on("error", () => {}); // git exiting early is reported by its exit code below
  child.stdin.end(oids.join("\n") + "\n");

  let pending: Buffer = Buffer.alloc(0);
  let sink: BlobSink | undefined;
  let left = 0; // bytes of the current blob still to come
  let skipNewline = false;
  let read = 0;
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      let data: Buffer = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      pending = Buffer.alloc(0);
      while (data.length > 0) {
        if (sink) {
          const part = data.subarray(0, left);
          await sink.write(part);
          left -= part.length;
          data = data.subarray(part.length);
          if (left === 0) {
            await sink.close();
            sink = undefined;
            skipNewline = true;
          }
          continue;
        }
        if (skipNewline) {
          data = data.subarray(1);
          skipNewline = false;
          continue;
        }
        const end = data.indexOf(0x0a);
        if (end < 0) {
          pending = data;
          break;
        }
        const [oid, type, size] = data.subarray(0, end).toString().split(" ");
        data = data.subarray(end + 1);
        if (type !== "blob") throw new Error(`git cat-file: ${oid} is ${type}`);
        left = Number(size);
        sink = await open(oids[read++], left);
        if (left === 0) {
          await sink.close();
          sink = undefined;
          skipNewline = true;
        }
      }
    }
  } catch (error) {
    child.kill();
    await exited.catch(() => null);
    throw error;
  }
  const code = await exited;
  if (code !== 0) throw new Error(`git cat-file failed (${code}): ${stderr.trim()}`);
  if (read !== oids.length) throw new Error(`git cat-file gave ${read} of ${oids.length} blobs`);
}

/** Small blobs (symbolic links' targets) as text. */
export async function readBlobTexts(
  store: GitStore,
  oids: readonly string[],
): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  await catBlobs(store, oids, async (oid) => {
    const parts: Buffer[] = [];
    return {
      write: async (chunk) => void parts.push(chunk),
      close: async () => void texts.set(oid, Buffer.concat(parts).toString("utf8")),
    };
  });
  return texts;
}
