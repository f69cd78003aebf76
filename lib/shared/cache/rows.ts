/**
 * A link source's key, and its checked rows handed from one side of a review to the next within
 * one run (docs/cache.md, "Within one run"). Checked rows are not kept on disk: a file's validated
 * entry answers it alone, and reading a checked-rows entry back cost about what reading the
 * source again does (docs/performance.md, "Checked rows no longer kept on disk").
 */
import type { CacheStore } from "./store.js";
import { cacheKey } from "./store.js";
import { compilerIdentity } from "./locate.js";
import { perFileHandOver, type HandOverSide } from "./hand-over.js";

/**
 * A source's key: its path, its content and the compiler's identity. The content is its bytes as
 * read, or the text an editor passes (hashed as its UTF-8 bytes, so the same either way).
 */
export const sourceKey = (file: string, content: string | Uint8Array) =>
  cacheKey("source-rows", compilerIdentity(), file, content);

/**
 * The rows each file had on the side read last, by file, for the stores handing them on: the
 * next side of a diff gets the same rows for a file with the same key (docs/cache.md, "Within one
 * run") instead of reading and parsing the file again. On the last side (`lastSide`) the rows
 * read go with its validation as without a cache.
 */
const handed = perFileHandOver<{ key: string; rows: unknown }>();

/**
 * From now until `stop`, the rows read with `cache` are kept for the next side; after
 * `lastSide`, rows are only taken. A file's rows are let go as soon as the next side reads that
 * file, the rest at `stop`. Not for a side that is fully built (check's head): its rows would
 * outlive its validation.
 */
export const handRowsToNextSide = (cache: CacheStore): HandOverSide => handed.start(cache);

/** A file's checked rows under its `key` (sourceKey): handed on by the side before, or computed. */
export function handedFileRows<T>(
  cache: CacheStore,
  file: string,
  key: string,
  compute: () => T,
): T {
  const before = handed.take(cache, file);
  const rows = before?.key === key ? (before.rows as T) : compute();
  handed.keep(cache, file, { key, rows });
  return rows;
}
