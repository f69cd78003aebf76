/**
 * Links by kind and key, read shard by shard on demand through the ASSETS binding, so a request's
 * cost does not grow with the number of links (docs/performance.md, "Layout").
 */
import type { AssetFetcher } from "../env.js";
import type { LinkSource } from "../resolve.js";
import {
  REGISTRY_FILTER,
  shardPath,
  type LinkRecord,
  type RegistryManifest,
} from "../contract/index.js";
import { remember } from "../lru.js";
import { compilePlaceholders, type PlaceholderTable } from "../placeholders.js";
import { MembershipFilter } from "./filter.js";
import { readPrivateBytes, readPrivateText } from "./read-assets.js";
import { findInShard, shardHeaderProblem, type LinkKind } from "./shard-format.js";
import { shardOf } from "./shard-of.js";

/**
 * A registry of at most this many shards (about 4,096 links, 1 MiB of text) keeps every shard text
 * it reads, so each shard is read once per isolate. A larger one keeps none: a lookup there lands
 * in a kept shard too rarely to pay for it (see the class comment).
 */
export const WHOLE_REGISTRY_SHARDS = 64;
/** Looked-up answers kept per isolate, found or not (a few hundred bytes each). */
export const RECORD_CACHE_LIMIT = 20_000;
/** Shard reads without the filter after which a new read of the filter is started. */
export const FILTER_RETRY_READS = 256;

/**
 * Memory stays bounded at any registry size: the answers looked up are kept (so hot paths never
 * reload a shard), shard texts only while the whole registry fits in WHOLE_REGISTRY_SHARDS. Past
 * that, a kept text would serve another lookup too rarely (a 16-shard LRU: 16 in 15,625 at a
 * million links), and each one outlives a few young-generation collections: V8 promotes it, and
 * once dropped it is old-generation garbage, which doubled the isolate's heap under load
 * (docs/performance.md, "The trade-off at a million links"). A lookup the membership filter rules
 * out reads nothing and is not kept (a stream of distinct misses never pushes out the answers of
 * real links). Only finished loads are cached: workerd ties a pending fetch to the request that
 * started it, and sharing that promise leaves other requests hanging if the first is cancelled.
 *
 * The filter (1.2 MiB at a million links) only saves the shard reads of misses, so it is read
 * once a lookup has found nothing, and never before an answer: `filterLoad()` gives the worker
 * its read to run after the response (`waitUntil`), and lookups use the filter once it is there.
 * Until then they read shards, which is only slower; an isolate that only answers links never
 * reads it. A failed or lost read is started again after FILTER_RETRY_READS shard reads.
 */
export class ShardedLinks implements LinkSource {
  readonly splatDepths: readonly number[];
  readonly placeholders: PlaceholderTable;
  private readonly shards = new Map<number, string>();
  private readonly records = new Map<string, LinkRecord | null>();
  /** Shard reads since the filter's read was last started (-1: never started). */
  private readsWithoutFilter = -1;
  /** Whether a lookup has found nothing yet: only then is the filter worth its read. */
  private missed = false;

  /** Whether shard texts are kept: only when the whole registry fits (WHOLE_REGISTRY_SHARDS). */
  private readonly keepsShards: boolean;

  constructor(
    private readonly assets: AssetFetcher,
    readonly manifest: RegistryManifest,
    private filter?: MembershipFilter,
  ) {
    this.splatDepths = manifest.splat_depths;
    this.placeholders = compilePlaceholders(manifest.placeholders ?? []);
    this.keepsShards = manifest.shard_count <= WHOLE_REGISTRY_SHARDS;
  }

  /**
   * The filter's read, once a lookup has missed, when it is missing and none was started (or the
   * last one was started FILTER_RETRY_READS shard reads ago); the worker runs it after its
   * response. Never rejects.
   */
  filterLoad(): Promise<void> | undefined {
    if (this.filter || !this.missed) return undefined;
    if (this.readsWithoutFilter >= 0 && this.readsWithoutFilter < FILTER_RETRY_READS)
      return undefined;
    this.readsWithoutFilter = 0;
    const { path } = REGISTRY_FILTER;
    return readPrivateBytes(this.assets, path).then(
      (file) => {
        const filter = MembershipFilter.fromFile(file, {
          bits: this.manifest.filter_bits,
          hashes: this.manifest.filter_hashes,
        });
        if (typeof filter === "string")
          console.error(`shortlinks: private file ${path}: ${filter}`);
        else this.filter = filter;
      },
      (error) => console.error(`shortlinks: ${String(error)}`),
    );
  }

  exact(key: string): LinkRecord | undefined | Promise<LinkRecord | undefined> {
    return this.lookup("exact", key);
  }

  splat(key: string): LinkRecord | undefined | Promise<LinkRecord | undefined> {
    return this.lookup("splat", key);
  }

  placeholder(key: string): LinkRecord | undefined | Promise<LinkRecord | undefined> {
    return this.lookup("placeholder", key);
  }

  /** Keeps a shard's text, read here or elsewhere (the warm-up's), if this registry keeps texts. */
  keep(index: number, text: string): void {
    if (this.keepsShards) this.shards.set(index, text);
  }

  /** What this isolate holds now (for tests and benchmarks). */
  get cached(): { shards: number; records: number; filter: boolean } {
    return { shards: this.shards.size, records: this.records.size, filter: !!this.filter };
  }

  private lookup(
    kind: LinkKind,
    key: string,
  ): LinkRecord | undefined | Promise<LinkRecord | undefined> {
    const id = (kind === "exact" ? "e:" : kind === "splat" ? "s:" : "p:") + key;
    const known = this.records.get(id);
    if (known !== undefined) {
      remember(this.records, id, known, RECORD_CACHE_LIMIT);
      return known ?? undefined;
    }
    if (this.filter && !this.filter.mayHave(kind, key)) return undefined;
    return this.read(kind, key, id);
  }

  private async read(kind: LinkKind, key: string, id: string): Promise<LinkRecord | undefined> {
    const index = shardOf(key, this.manifest.shard_count);
    if (!this.filter && this.readsWithoutFilter >= 0) this.readsWithoutFilter++;
    const text = this.shards.get(index) ?? (await this.load(index));
    this.keep(index, text);
    const found = findInShard(text, kind, key) ?? null;
    if (!found) this.missed = true;
    remember(this.records, id, found, RECORD_CACHE_LIMIT);
    return found ?? undefined;
  }

  private async load(index: number): Promise<string> {
    const path = shardPath(index);
    const text = await readPrivateText(this.assets, path);
    const problem = shardHeaderProblem(text);
    if (problem) throw new Error(`private file ${path}: ${problem}`);
    return text;
  }
}
