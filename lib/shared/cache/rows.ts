/**
 * Checked rows of one link source, cached by the file's name and bytes and the compiler's
 * identity: reading and shape-checking a row depends on nothing else (docs/cache.md), so a file
 * unchanged between BASE and the work tree, or since the last run, is parsed once.
 */
import type { CacheStore } from "./store.js";
import { cacheKey } from "./store.js";
import { compilerIdentity } from "./locate.js";
import { handOverSlot, type HandOverSide } from "./hand-over.js";

/**
 * A source's key: its path, its content and the compiler's identity. The content is its bytes as
 * read, or the text an editor passes (hashed as its UTF-8 bytes, so the same either way).
 */
export const sourceKey = (file: string, content: string | Uint8Array) =>
  cacheKey("source-rows", compilerIdentity(), file, content);

/**
 * The rows each file had on the side read last, by file, for the stores handing them on: the
 * next side of a diff gets the same rows for a file with the same key (docs/cache.md, "Within one
 * run") instead of reading and parsing its entry again. On the last side (`lastSide`) the rows
 * read go with its validation as without a cache.
 */
const handed = handOverSlot(() => ({ rows: new Map<string, { key: string; rows: unknown }>() }));

/**
 * From now until `stop`, the rows read from `cache` are kept for the next side; after
 * `lastSide`, rows are only taken. A file's rows are let go as soon as the next side reads that
 * file, the rest at `stop`. Not for a side that is fully built (check's head): its rows would
 * outlive its validation.
 */
export const handRowsToNextSide = (cache: CacheStore): HandOverSide => handed.start(cache);

/** A file's checked rows under its `key` (sourceKey): handed on, read from the entry, or computed. */
export async function cachedFileRows<T>(
  cache: CacheStore,
  file: string,
  key: string,
  compute: () => T,
): Promise<T> {
  const state = handed.of(cache);
  const before = state?.rows.get(file);
  state?.rows.delete(file);
  const rows = before?.key === key ? (before.rows as T) : await readOrCompute(cache, key, compute);
  if (state && !state.last) state.rows.set(file, { key, rows });
  return rows;
}

async function readOrCompute<T>(cache: CacheStore, key: string, compute: () => T): Promise<T> {
  const hit = await cache.get<T>(key);
  if (hit !== undefined) return hit;
  const value = compute();
  await cache.put(key, value);
  return value;
}
