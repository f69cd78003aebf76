/**
 * Whole files read into buffers this process keeps for the next reads, for files of MBs read one
 * after another (link sources, the cache's entries). A fresh buffer that size is fresh memory,
 * paid for on every 4 KiB page it holds, again for each file: reading and hashing the eleven
 * entries of a review at a million links took 1.1-1.5 s into fresh buffers and 0.3 s into one
 * (docs/performance.md, "Cache entries in lines, read into one buffer").
 */
import { open } from "node:fs/promises";

/** Buffers are made in steps of this many bytes, so files of about one size share one. */
const STEP = 1 << 20;
/** Buffers kept between reads: a source's and a cache entry's are held at once. */
const KEPT = 2;

const spares: Buffer[] = [];

const sized = (bytes: number) =>
  Buffer.allocUnsafeSlow(Math.max(STEP, Math.ceil(bytes / STEP) * STEP));

/** The smallest kept buffer of at least `bytes` bytes, or a new one. */
function take(bytes: number): Buffer {
  let best = -1;
  for (let i = 0; i < spares.length; i++)
    if (spares[i].length >= bytes && (best === -1 || spares[i].length < spares[best].length))
      best = i;
  return best === -1 ? sized(bytes) : spares.splice(best, 1)[0];
}

/** Keeps `buffer` for a later read; past KEPT buffers, the smallest goes. */
function give(buffer: Buffer): void {
  spares.push(buffer);
  if (spares.length > KEPT) {
    spares.sort((a, b) => b.length - a.length);
    spares.length = KEPT;
  }
}

/** A file's bytes in a kept buffer, theirs until `release` hands the buffer on. */
export interface FileBytes {
  bytes: Buffer;
  /** The bytes must not be read after this: the next read may fill their buffer. */
  release(): void;
}

/** Reads the whole file at `path` into a kept buffer (or a new one when none is free). */
export async function readFileBytes(path: string): Promise<FileBytes> {
  const handle = await open(path, "r");
  let buffer: Buffer | undefined;
  try {
    const { size } = await handle.stat();
    // One byte more than the file's size, so that reading to its end shows it did not grow.
    buffer = take(size + 1);
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
    const held = buffer;
    buffer = undefined;
    let released = false;
    return {
      bytes: held.subarray(0, filled),
      release: () => {
        if (!released) give(held);
        released = true;
      },
    };
  } finally {
    if (buffer !== undefined) give(buffer); // not handed on: a read that failed
    await handle.close();
  }
}

/**
 * Reads the whole file at `path` and hands its bytes to `use`, whose result it returns. The bytes
 * are only valid during `use`: `use` must copy what it keeps (a string decoded from them is a
 * copy).
 */
export async function withFileBytes<T>(path: string, use: (bytes: Buffer) => T): Promise<T> {
  const { bytes, release } = await readFileBytes(path);
  try {
    return use(bytes);
  } finally {
    release();
  }
}
