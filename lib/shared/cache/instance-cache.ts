/**
 * The cache a command uses for an instance (docs/cache.md): none when disabled (`--no-cache`), a
 * store that keeps nothing between runs when there is nowhere to keep one.
 */
import { cacheDirFor } from "./locate.js";
import { openCache, runOnlyCache, type CacheStore } from "./store.js";

export function instanceCache(root: string, enabled: boolean): CacheStore | undefined {
  if (!enabled) return undefined;
  const dir = cacheDirFor(root);
  return dir === null ? runOnlyCache() : openCache(dir);
}
