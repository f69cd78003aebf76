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
  const hit = await cache.get<T>(key);
  if (hit !== undefined) return hit;
  const value = compute();
  await cache.put(key, value);
  return value;
}
