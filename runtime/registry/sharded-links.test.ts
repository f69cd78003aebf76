import { describe, expect, it } from "vitest";
import {
  FILTER_RETRY_READS,
  RECORD_CACHE_LIMIT,
  ShardedLinks,
  WHOLE_REGISTRY_SHARDS,
} from "./sharded-links.js";
import { filterShapeFor, MembershipFilter } from "./filter.js";
import { shardRecords, shardText } from "./shard-format.js";
import { shardOf } from "./shard-of.js";
import { REGISTRY_SCHEMA, type LinkRecord, type RegistryManifest } from "../contract/index.js";

/** One shard more than a registry whose shard texts are kept. */
const SHARDS = WHOLE_REGISTRY_SHARDS + 1;
const manifest: RegistryManifest = {
  schema: REGISTRY_SCHEMA,
  case_sensitive: false,
  shard_count: SHARDS,
  exact_count: 0,
  splat_count: 0,
  splat_depths: [],
  filter_bits: 64,
  filter_hashes: 1,
};
/** A filter that lets every lookup through to its shard (all bits set). */
const passAll = MembershipFilter.fromFile(
  MembershipFilter.empty(filterShapeFor(1, 64, 1))
    .toFile()
    .map((byte, i, file) => (i >= file.length - 8 ? 0xff : byte)),
  { bits: 64, hashes: 1 },
) as MembershipFilter;
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

/** The registry's links: `link-0` to `link-999`, each in the shard its key hashes to. */
const LINK_KEYS = Array.from({ length: 1000 }, (_, i) => `link-${i}`);
const SHARD_TEXTS = Array.from({ length: SHARDS }, (_, index) => {
  const keys = LINK_KEYS.filter((key) => shardOf(key, SHARDS) === index);
  return shardText(shardRecords(keys.map(record)));
});

/** The filter of every link, as the compiler writes it. */
const FILTER = MembershipFilter.empty(filterShapeFor(LINK_KEYS.length, 10, 7));
for (const key of LINK_KEYS) FILTER.add("exact", key);
const withFilter = { ...manifest, filter_bits: FILTER.shape.bits, filter_hashes: 7 };

/** Serves each shard with its links and the filter (or a 503 for it); counts every fetch. */
function fakeAssets({ filterFails = false, texts = SHARD_TEXTS } = {}) {
  const fetched: string[] = [];
  return {
    fetched,
    async fetch(request: Request): Promise<Response> {
      const path = new URL(request.url).pathname;
      fetched.push(path);
      if (path.endsWith("/filter.bin"))
        return filterFails ? new Response("", { status: 503 }) : new Response(FILTER.toFile());
      return new Response(texts[Number(path.match(/(\d+)\.jsonl$/)?.[1])]);
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
  assets.fetched.filter((p) => p.endsWith(`/${index}.jsonl`)).length;

describe("registry store: bounded, and never sharing a pending load", () => {
  it(`a registry of at most ${WHOLE_REGISTRY_SHARDS} shards keeps each shard it reads: every shard is read once`, async () => {
    const small = WHOLE_REGISTRY_SHARDS;
    const texts = Array.from({ length: small }, (_, index) =>
      shardText(shardRecords(LINK_KEYS.filter((key) => shardOf(key, small) === index).map(record))),
    );
    const assets = fakeAssets({ texts });
    const links = new ShardedLinks(assets, { ...manifest, shard_count: small }, passAll);
    for (const key of LINK_KEYS) expect((await links.exact(key))?.key).toBe(key);
    expect(links.cached.shards).toBe(small);
    expect(assets.fetched).toHaveLength(small);
  });

  it(`a registry of more than ${WHOLE_REGISTRY_SHARDS} shards keeps no shard text, only answers`, async () => {
    const assets = fakeAssets();
    const links = new ShardedLinks(assets, manifest, passAll);
    const [first, second] = keysFor(0, 2);
    await links.exact(first);
    await links.exact(second);
    expect(links.cached).toMatchObject({ shards: 0, records: 2 });
    expect(fetchesOf(assets, 0)).toBe(2);
  });

  it("a looked-up answer is kept without its shard: hot paths never reload", async () => {
    const assets = fakeAssets();
    const links = new ShardedLinks(assets, manifest, passAll);
    const [first, second] = keysFor(0, 2);
    await links.exact(first);
    for (let i = 1; i < SHARDS; i++) await links.exact(keyFor(i));
    await links.exact(first);
    expect(fetchesOf(assets, 0)).toBe(1);
    await links.exact(second); // not looked up before: its shard is read again
    expect(fetchesOf(assets, 0)).toBe(2);
  });

  it("a miss is remembered too", async () => {
    const assets = fakeAssets();
    const links = new ShardedLinks(assets, manifest, passAll);
    const key = keyFor(5);
    expect(await links.splat(key)).toBeUndefined();
    for (let i = 0; i < SHARDS; i++) if (i !== 5) await links.exact(keyFor(i));
    expect(await links.splat(key)).toBeUndefined();
    expect(fetchesOf(assets, 5)).toBe(1);
  });

  it(`keeps at most ${RECORD_CACHE_LIMIT} answers, dropping the least recently used`, async () => {
    const assets = fakeAssets();
    const links = new ShardedLinks(assets, manifest, passAll);
    for (let i = 0; i < RECORD_CACHE_LIMIT + 100; i++) await links.exact(`key-${i}`);
    expect(links.cached.records).toBe(RECORD_CACHE_LIMIT);
  });

  it("concurrent requests each load an unfinished shard themselves (workerd ties I/O to its request)", async () => {
    const assets = fakeAssets();
    const links = new ShardedLinks(assets, manifest, passAll);
    await Promise.all([links.exact(keyFor(3)), links.exact(keyFor(3))]);
    expect(fetchesOf(assets, 3)).toBe(2);
    await links.exact(keyFor(3));
    expect(fetchesOf(assets, 3)).toBe(2);
  });

  it("a lookup the membership filter rules out reads no shard and is not remembered", async () => {
    const assets = fakeAssets();
    const links = new ShardedLinks(assets, withFilter, FILTER);
    const present = "link-7";
    expect((await links.exact(present))?.target).toBe("https://example.com/link-7");
    expect(await links.exact("never-added")).toBeUndefined();
    expect(await links.splat(present)).toBeUndefined(); // added as exact only
    expect(assets.fetched).toEqual([`/links-shards/${shardOf(present, SHARDS)}.jsonl`]);
    expect(links.cached.records).toBe(1);
  });

  it("the filter is read when the worker asks, once, and then rules out lookups", async () => {
    const assets = fakeAssets();
    const links = new ShardedLinks(assets, withFilter);
    expect(await links.exact("never-added")).toBeUndefined(); // no filter yet: reads its shard
    expect(assets.fetched).toHaveLength(1);
    await links.filterLoad();
    expect(links.filterLoad()).toBeUndefined();
    expect(links.cached.filter).toBe(true);
    expect(await links.exact("never-added-either")).toBeUndefined();
    expect((await links.exact("link-7"))?.key).toBe("link-7");
    expect(assets.fetched.filter((p) => p.endsWith("/filter.bin"))).toHaveLength(1);
    expect(assets.fetched).toHaveLength(3);
  });

  it("the filter is read only once a lookup has found nothing: answering links alone never reads it", async () => {
    const assets = fakeAssets();
    const links = new ShardedLinks(assets, withFilter);
    expect((await links.exact("link-7"))?.key).toBe("link-7");
    expect(links.filterLoad()).toBeUndefined();
    expect(await links.exact("never-added")).toBeUndefined();
    const load = links.filterLoad();
    expect(load).toBeDefined();
    await load;
    expect(links.cached.filter).toBe(true);
    expect(assets.fetched.filter((p) => p.endsWith("/filter.bin"))).toHaveLength(1);
  });

  it(`a failed read of the filter is logged and started again after ${FILTER_RETRY_READS} shard reads`, async () => {
    const assets = fakeAssets({ filterFails: true });
    const links = new ShardedLinks(assets, withFilter);
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (message: unknown) => errors.push(message);
    try {
      await links.exact("a-first-miss");
      await links.filterLoad();
      expect(errors.join()).toContain("filter.bin: HTTP 503");
      for (let i = 0; i < FILTER_RETRY_READS - 1; i++) await links.exact(`miss-${i}`);
      expect(links.filterLoad()).toBeUndefined();
      await links.exact("one-more-miss");
      await links.filterLoad();
      expect(assets.fetched.filter((p) => p.endsWith("/filter.bin"))).toHaveLength(2);
      expect(links.cached.filter).toBe(false);
    } finally {
      console.error = original;
    }
  });
});
