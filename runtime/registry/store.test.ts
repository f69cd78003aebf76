import { describe, expect, it } from "vitest";
import { RECORD_CACHE_LIMIT, SHARD_CACHE_LIMIT, ShardedLinks } from "./store.js";
import { shardOf } from "./shard-of.js";
import {
  REGISTRY_SCHEMA,
  SHARD_SCHEMA,
  type LinkRecord,
  type RegistryManifest,
} from "../contract/index.js";

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
      return Response.json({
        schema: SHARD_SCHEMA,
        exact: { [`shard-${index}`]: record(`shard-${index}`) },
        splat: {},
      });
    },
  };
}

/** Keys that land in shard `index`. */
function keysFor(index: number, count = 1): string[] {
  const keys: string[] = [];
  for (let i = 0; keys.length < count; i++)
    if (shardOf(`k${i}`, SHARDS) === index) keys.push(`k${i}`);
  return keys;
}
const keyFor = (index: number) => keysFor(index)[0];
const fetchesOf = (assets: ReturnType<typeof fakeAssets>, index: number) =>
  assets.fetched.filter((p) => p.endsWith(`/${index}.json`)).length;

describe("registry store: bounded, and never sharing a pending load", () => {
  it(`keeps at most ${SHARD_CACHE_LIMIT} whole shards per isolate`, async () => {
    const links = new ShardedLinks(fakeAssets(), manifest);
    for (let i = 0; i < SHARDS; i++) await links.exact(keyFor(i));
    expect(links.cached.shards).toBe(SHARD_CACHE_LIMIT);
  });

  it("a looked-up answer is kept after its shard is dropped: hot paths never reload", async () => {
    const assets = fakeAssets();
    const links = new ShardedLinks(assets, manifest);
    const [first, second] = keysFor(0, 2);
    await links.exact(first);
    for (let i = 1; i < SHARDS; i++) await links.exact(keyFor(i)); // shard 0 is evicted
    await links.exact(first);
    expect(fetchesOf(assets, 0)).toBe(1);
    await links.exact(second); // not looked up before: its shard is read again
    expect(fetchesOf(assets, 0)).toBe(2);
  });

  it("a miss is remembered too", async () => {
    const assets = fakeAssets();
    const links = new ShardedLinks(assets, manifest);
    const key = keyFor(5);
    expect(await links.splat(key)).toBeUndefined();
    for (let i = 0; i < SHARDS; i++) if (i !== 5) await links.exact(keyFor(i));
    expect(await links.splat(key)).toBeUndefined();
    expect(fetchesOf(assets, 5)).toBe(1);
  });

  it(`keeps at most ${RECORD_CACHE_LIMIT} answers, dropping the least recently used`, async () => {
    const assets = fakeAssets();
    const links = new ShardedLinks(assets, manifest);
    for (let i = 0; i < RECORD_CACHE_LIMIT + 100; i++) await links.exact(`key-${i}`);
    expect(links.cached.records).toBe(RECORD_CACHE_LIMIT);
  });

  it("concurrent requests each load an unfinished shard themselves (workerd ties I/O to its request)", async () => {
    const assets = fakeAssets();
    const links = new ShardedLinks(assets, manifest);
    await Promise.all([links.exact(keyFor(3)), links.exact(keyFor(3))]);
    expect(fetchesOf(assets, 3)).toBe(2);
    await links.exact(keyFor(3));
    expect(fetchesOf(assets, 3)).toBe(2);
  });
});
