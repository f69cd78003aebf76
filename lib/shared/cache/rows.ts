/**
 * Checked rows of one link source, cached by the file's name and bytes and the compiler's
 * identity: reading and shape-checking a row depends on nothing else (docs/cache.md), so a file
 * unchanged between BASE and the work tree, or since the last run, is parsed once.
 */
import type { CacheStore } from "./store.js";
import { cacheKey } from "./store.js";
import { compilerIdentity } from "./locate.js";

/** A source's key: its path, its bytes and the compiler's identity. */
export const sourceKey = (file: string, text: string) =>
  cacheKey("source-rows", compilerIdentity(), file, text);

/**
 * The rows each file had on the side read last, by file, for the stores handing them on: the
 * next side of a diff gets the same rows for a file with the same key (docs/cache.md, "Within one
 * run") instead of reading and parsing its entry again.
 */
const handed = new WeakMap<CacheStore, Map<string, { key: string; rows: unknown }>>();

/**
 * From now until `stop`, the rows read from `cache` are kept for the next side. A file's rows
 * are let go as soon as the next side reads that file (its own rows replace them), the rest at
 * `stop`. Not for a side that is fully built (check's head): its rows would outlive its validation.
 */
export function handRowsToNextSide(cache: CacheStore): { stop(): void } {
  const kept = new Map<string, { key: string; rows: unknown }>();
  handed.set(cache, kept);
  return {
    stop: () => {
      if (handed.get(cache) === kept) handed.delete(cache);
    },
  };
}

export async function cachedFileRows<T>(
  cache: CacheStore | undefined,
  file: string,
  text: string,
  compute: () => T,
  keys?: Map<string, string>,
): Promise<T> {
  if (cache === undefined) return compute();
  const key = sourceKey(file, text);
  keys?.set(file, key);
  const kept = handed.get(cache);
  const before = kept?.get(file);
  kept?.delete(file);
  const rows = before?.key === key ? (before.rows as T) : await readOrCompute(cache, key, compute);
  kept?.set(file, { key, rows });
  return rows;
}

async function readOrCompute<T>(cache: CacheStore, key: string, compute: () => T): Promise<T> {
  const hit = await cache.get<T>(key);
  if (hit !== undefined) return hit;
  const value = compute();
  await cache.put(key, value);
  return value;
}
