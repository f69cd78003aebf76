/** The cache a command uses for an instance (docs/cache.md), or none when disabled or nowhere to keep it. */
import { cacheDirFor } from "./locate.js";
import { openCache, type CacheStore } from "./store.js";

export function instanceCache(root: string, enabled: boolean): CacheStore | undefined {
  if (!enabled) return undefined;
  const dir = cacheDirFor(root);
  return dir === null ? undefined : openCache(dir);
}
