/**
 * A whole file read into a buffer this process keeps for the next read, for files of tens of MB
 * read one after another (the cache's entries). A fresh buffer that size is fresh memory, paid for
 * on every 4 KiB page it holds, again for each file: reading and hashing the eleven entries of a
 * review at a million links took 1.1-1.5 s into fresh buffers and 0.3 s into one
 * (docs/performance.md, "Cache entries in lines, read into one buffer").
 */
import { open } from "node:fs/promises";

/** Buffers are made in steps of this many bytes, so files of about one size share one. */
const STEP = 1 << 20;

/** The buffer kept between reads; a read that finds it taken (two at once) makes its own. */
let spare: Buffer | undefined;

/** Keeps `buffer` for the next read, unless a larger one is kept. */
function keep(buffer: Buffer): void {
  if (spare === undefined || spare.length < buffer.length) spare = buffer;
}

const sized = (bytes: number) =>
  Buffer.allocUnsafeSlow(Math.max(STEP, Math.ceil(bytes / STEP) * STEP));

/**
 * Reads the whole file at `path` and hands its bytes to `use`, whose result it returns. The bytes
 * are only valid during `use`: the buffer holding them is reused by the next read, so `use` must
 * copy what it keeps (a string decoded from them is a copy).
 */
export async function withFileBytes<T>(path: string, use: (bytes: Buffer) => T): Promise<T> {
  const handle = await open(path, "r");
  let buffer = spare;
  spare = undefined;
  try {
    const { size } = await handle.stat();
    // One byte more than the file's size, so that reading to its end shows it did not grow.
    if (buffer === undefined || buffer.length < size + 1) buffer = sized(size + 1);
    let filled = 0;
    for (;;) {
      if (filled === buffer.length) {
        const larger = sized(buffer.length + 1);
        buffer.copy(larger, 0, 0, filled);
        buffer = larger;
      }
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return use(buffer.subarray(0, filled));
  } finally {
    if (buffer !== undefined) keep(buffer);
    await handle.close();
  }
}
