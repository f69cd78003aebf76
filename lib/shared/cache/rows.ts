/**
 * Checked rows of one link source, cached by the file's name and bytes and the compiler's
 * identity: reading and shape-checking a row depends on nothing else (docs/cache.md), so a file
 * unchanged between BASE and the work tree, or since the last run, is parsed once.
 */
import type { CacheStore } from "./store.js";
import { cacheKey } from "./store.js";
import { compilerIdentity } from "./locate.js";

export async function cachedFileRows<T>(
  cache: CacheStore | undefined,
  file: string,
  text: string,
  compute: () => T,
): Promise<T> {
  if (cache === undefined) return compute();
  const key = cacheKey("source-rows", compilerIdentity(), file, text);
  const hit = await cache.get<T>(key);
  if (hit !== undefined) return hit;
  const value = compute();
  await cache.put(key, value);
  return value;
}
