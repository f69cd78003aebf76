import { describe, expect, it } from "vitest";
import { SHARD_CACHE_LIMIT, ShardedLinks } from "./store.js";
import { shardOf } from "./shard-of.js";
import { REGISTRY_SCHEMA, SHARD_SCHEMA, type LinkRecord, type RegistryManifest } from "../types.js";

const SHARDS = SHARD_CACHE_LIMIT * 2;
const manifest: RegistryManifest = {
  schema: REGISTRY_SCHEMA,
  case_sensitive: false,
  shard_count: SHARDS,
  exact_count: 0,
  splat_count: 0,
  splat_depths: [],
};
const record = (key: string): LinkRecord => ({
  kind: "exact",
  slug: key,
  key,
  target: `https://example.com/${key}`,
  status: 302,
  state: "active",
  forward_query: true,
  file: "links.yaml",
  line: 1,
});

/** Shard n holds the single key `k<n>`-ish that hashes to it; counts every fetch. */
function fakeAssets() {
  const fetched: string[] = [];
  return {
    fetched,
    async fetch(request: Request): Promise<Response> {
      const path = new URL(request.url).pathname;
      fetched.push(path);
      const index = Number(path.match(/(\d+)\.json$/)?.[1]);
      return Response.json({ schema: SHARD_SCHEMA, exact: { [`shard-${index}`]: record(`shard-${index}`) }, splat: {} });
    },
  };
}

/** A key that lands in shard `index`. */
function keyFor(index: number): string {
  for (let i = 0; ; i++) if (shardOf(`k${i}`, SHARDS) === index) return `k${i}`;
}

describe("registry store: bounded, and never sharing a pending load", () => {
  it(`keeps at most ${SHARD_CACHE_LIMIT} shards per isolate, dropping the least recently used`, async () => {
    const assets = fakeAssets();
    const links = new ShardedLinks(assets, manifest);
    for (let i = 0; i < SHARDS; i++) await links.exact(keyFor(i));
    expect(links.cachedShards).toBe(SHARD_CACHE_LIMIT);
    const before = assets.fetched.length;
    await links.exact(keyFor(SHARDS - 1)); // recent: cached
    expect(assets.fetched.length).toBe(before);
    await links.exact(keyFor(0)); // evicted long ago: read again
    expect(assets.fetched.length).toBe(before + 1);
  });

  it("a hit moves its shard to the front, so it survives the next evictions", async () => {
    const assets = fakeAssets();
    const links = new ShardedLinks(assets, manifest);
    for (let i = 0; i < SHARD_CACHE_LIMIT; i++) await links.exact(keyFor(i));
    await links.exact(keyFor(0)); // touch the oldest
    await links.exact(keyFor(SHARD_CACHE_LIMIT)); // evicts shard 1, not shard 0
    const before = assets.fetched.length;
    await links.exact(keyFor(0));
    expect(assets.fetched.length).toBe(before);
  });

  it("concurrent requests each load an unfinished shard themselves (workerd ties I/O to its request)", async () => {
    const assets = fakeAssets();
    const links = new ShardedLinks(assets, manifest);
    await Promise.all([links.exact(keyFor(3)), links.exact(keyFor(3))]);
    expect(assets.fetched.filter((p) => p.endsWith("/3.json"))).toHaveLength(2);
    await links.exact(keyFor(3));
    expect(assets.fetched.filter((p) => p.endsWith("/3.json"))).toHaveLength(2);
  });
});
