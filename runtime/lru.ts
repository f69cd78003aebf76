/** The bounded per-isolate caches' one rule: a Map whose insertion order is the recency order. */

/** Inserts or refreshes `key` as the most recent entry; past `limit`, the least recent goes. */
export function remember<K, V>(cache: Map<K, V>, key: K, value: V, limit: number): void {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > limit) cache.delete(cache.keys().next().value as K);
}
