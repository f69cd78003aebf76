/**
 * The private runtime files, read through the ASSETS binding: the small ones once per isolate,
 * registry shards on demand (so a request's cost does not grow with the number of links).
 */
import type { AssetFetcher } from "../env.js";
import type { LinkSource } from "../resolve.js";
import {
  PRIVATE_ASSETS,
  SHARD_SCHEMA,
  shardPath,
  type Blocklist,
  type LinkRecord,
  type RegistryManifest,
  type RegistryShard,
  type SiteConfig,
} from "../contract/index.js";
import { remember } from "../lru.js";
import { shardOf } from "./shard-of.js";

const ASSET_ORIGIN = "https://assets.invalid";

/** A private file, refused unless it carries exactly the schema id this runtime reads. */
export async function readPrivateJson<T extends { schema: string }>(
  assets: AssetFetcher,
  { path, schema }: { path: string; schema: string },
): Promise<T> {
  const response = await assets.fetch(new Request(ASSET_ORIGIN + path));
  if (!response.ok) throw new Error(`private file ${path}: HTTP ${response.status}`);
  const value = (await response.json()) as T;
  if (value?.schema !== schema) throw new Error(`private file ${path}: schema is not ${schema}`);
  return value;
}

/** Reads `path` from the assets (static files, streamed as they are). */
export async function readAsset(assets: AssetFetcher, path: string): Promise<Response> {
  return assets.fetch(new Request(ASSET_ORIGIN + path));
}

/** A generated product page's HTML, read once per isolate: 45 small files at most. */
export async function readPage(
  data: Pick<RuntimeData, "assets" | "pages">,
  path: string,
): Promise<string | null> {
  const cached = data.pages.get(path);
  if (cached !== undefined) return cached;
  const response = await readAsset(data.assets, path);
  if (!response.ok) return null;
  const html = await response.text();
  data.pages.set(path, html);
  return html;
}

/** Whole shards kept per isolate (a few tens of KB of heap each), for bursts within one shard. */
export const SHARD_CACHE_LIMIT = 16;
/** Looked-up answers kept per isolate, found or not (a few hundred bytes each). */
export const RECORD_CACHE_LIMIT = 20_000;

/**
 * Links by key, read shard by shard on demand. Memory stays bounded at any registry size: the
 * answers looked up are kept (so hot paths never reload a shard), whole shards only a few.
 * Only finished loads are cached: workerd ties a pending fetch to the request that started it,
 * and sharing that promise leaves other requests hanging if the first is cancelled.
 */
export class ShardedLinks implements LinkSource {
  readonly splatDepths: readonly number[];
  private readonly shards = new Map<number, RegistryShard>();
  private readonly records = new Map<string, LinkRecord | null>();

  constructor(
    private readonly assets: AssetFetcher,
    readonly manifest: RegistryManifest,
  ) {
    this.splatDepths = manifest.splat_depths;
  }

  exact(key: string): Promise<LinkRecord | undefined> {
    return this.lookup("exact", key);
  }

  splat(key: string): Promise<LinkRecord | undefined> {
    return this.lookup("splat", key);
  }

  /** Every link, shard by shard (stats API); read without filling the caches. */
  async all(): Promise<LinkRecord[]> {
    const links: LinkRecord[] = [];
    for (let i = 0; i < this.manifest.shard_count; i++) {
      const shard = this.shards.get(i) ?? (await this.load(i));
      links.push(...Object.values(shard.exact), ...Object.values(shard.splat));
    }
    return links.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  /** Keeps a shard parsed elsewhere (the start-up warm-up's in-memory one). */
  keep(index: number, shard: RegistryShard): void {
    remember(this.shards, index, shard, SHARD_CACHE_LIMIT);
  }

  /** What this isolate holds now (for tests and benchmarks). */
  get cached(): { shards: number; records: number } {
    return { shards: this.shards.size, records: this.records.size };
  }

  private async lookup(kind: "exact" | "splat", key: string): Promise<LinkRecord | undefined> {
    const id = (kind === "exact" ? "e:" : "s:") + key;
    const known = this.records.get(id);
    if (known !== undefined) {
      remember(this.records, id, known, RECORD_CACHE_LIMIT);
      return known ?? undefined;
    }
    const found = (await this.shardFor(key))[kind][key] ?? null;
    remember(this.records, id, found, RECORD_CACHE_LIMIT);
    return found ?? undefined;
  }

  private async shardFor(key: string): Promise<RegistryShard> {
    const index = shardOf(key, this.manifest.shard_count);
    const shard = this.shards.get(index) ?? (await this.load(index));
    remember(this.shards, index, shard, SHARD_CACHE_LIMIT);
    return shard;
  }

  private load(index: number): Promise<RegistryShard> {
    return readPrivateJson<RegistryShard>(this.assets, {
      path: shardPath(index),
      schema: SHARD_SCHEMA,
    });
  }
}

export interface RuntimeData {
  assets: AssetFetcher;
  site: SiteConfig;
  blocklist: Blocklist;
  links: ShardedLinks;
  staticPaths: ReadonlySet<string>;
  /** Product pages already read (see readPage). */
  pages: Map<string, string>;
}

export async function loadRuntimeData(assets: AssetFetcher): Promise<RuntimeData> {
  const [site, blocklist, manifest] = await Promise.all([
    readPrivateJson<SiteConfig>(assets, PRIVATE_ASSETS.siteConfig),
    readPrivateJson<Blocklist>(assets, PRIVATE_ASSETS.blocklist),
    readPrivateJson<RegistryManifest>(assets, PRIVATE_ASSETS.registry),
  ]);
  return {
    assets,
    site,
    blocklist,
    links: new ShardedLinks(assets, manifest),
    staticPaths: new Set(site.static_paths),
    pages: new Map(),
  };
}
