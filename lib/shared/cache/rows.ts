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
 * run") instead of reading and parsing its entry again. `last`: the side reading now hands
 * nothing on, so its rows go with its validation as without a cache.
 */
interface Handed {
  rows: Map<string, { key: string; rows: unknown }>;
  last: boolean;
}
const handed = new WeakMap<CacheStore, Handed>();

/**
 * From now until `stop`, the rows read from `cache` are kept for the next side; after
 * `lastSide`, rows are only taken. A file's rows are let go as soon as the next side reads that
 * file, the rest at `stop`. Not for a side that is fully built (check's head): its rows would
 * outlive its validation.
 */
export function handRowsToNextSide(cache: CacheStore): { lastSide(): void; stop(): void } {
  const state: Handed = { rows: new Map(), last: false };
  handed.set(cache, state);
  return {
    lastSide: () => {
      state.last = true;
    },
    stop: () => {
      if (handed.get(cache) === state) handed.delete(cache);
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
  const state = handed.get(cache);
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
