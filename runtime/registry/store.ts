/**
 * The private runtime files, read through the ASSETS binding: the small ones once per isolate,
 * registry shards on demand (so a request's cost does not grow with the number of links).
 */
import type { AssetFetcher } from "../env.js";
import type { LinkSource } from "../resolve.js";
import {
  BLOCKLIST_SCHEMA,
  REGISTRY_SCHEMA,
  SHARD_SCHEMA,
  SITE_CONFIG_SCHEMA,
  type Blocklist,
  type LinkRecord,
  type RegistryManifest,
  type RegistryShard,
  type SiteConfig,
} from "../types.js";
import { shardOf, shardPath } from "./shard-of.js";

const ASSET_ORIGIN = "https://assets.invalid";

export async function readPrivateJson<T extends { schema: string }>(
  assets: AssetFetcher,
  path: string,
  schema: string,
): Promise<T> {
  const response = await assets.fetch(new Request(ASSET_ORIGIN + path));
  if (!response.ok) throw new Error(`private file ${path}: HTTP ${response.status}`);
  const value = (await response.json()) as T;
  if (value?.schema !== schema) throw new Error(`private file ${path}: schema is not ${schema}`);
  return value;
}

/** Reads `path` from the assets (used for product pages). */
export async function readAsset(assets: AssetFetcher, path: string): Promise<Response> {
  return assets.fetch(new Request(ASSET_ORIGIN + path));
}

export class ShardedLinks implements LinkSource {
  readonly splatDepths: readonly number[];
  private readonly shards = new Map<number, Promise<RegistryShard>>();

  constructor(
    private readonly assets: AssetFetcher,
    readonly manifest: RegistryManifest,
  ) {
    this.splatDepths = manifest.splat_depths;
  }

  async exact(key: string): Promise<LinkRecord | undefined> {
    return (await this.shardFor(key)).exact[key];
  }

  async splat(key: string): Promise<LinkRecord | undefined> {
    return (await this.shardFor(key)).splat[key];
  }

  /** Every link, shard by shard (stats API). */
  async all(): Promise<LinkRecord[]> {
    const links: LinkRecord[] = [];
    for (let i = 0; i < this.manifest.shard_count; i++) {
      const shard = await this.shard(i);
      links.push(...Object.values(shard.exact), ...Object.values(shard.splat));
    }
    return links.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  private shardFor(key: string): Promise<RegistryShard> {
    return this.shard(shardOf(key, this.manifest.shard_count));
  }

  private shard(index: number): Promise<RegistryShard> {
    let pending = this.shards.get(index);
    if (!pending) {
      pending = readPrivateJson<RegistryShard>(this.assets, shardPath(index), SHARD_SCHEMA);
      // A failed load is forgotten so the next request tries again.
      pending.catch(() => this.shards.delete(index));
      this.shards.set(index, pending);
    }
    return pending;
  }
}

export interface RuntimeData {
  assets: AssetFetcher;
  site: SiteConfig;
  blocklist: Blocklist;
  links: ShardedLinks;
  staticPaths: ReadonlySet<string>;
}

export async function loadRuntimeData(assets: AssetFetcher): Promise<RuntimeData> {
  const [site, blocklist, manifest] = await Promise.all([
    readPrivateJson<SiteConfig>(assets, "/links-site-config.json", SITE_CONFIG_SCHEMA),
    readPrivateJson<Blocklist>(assets, "/links-blocklist.json", BLOCKLIST_SCHEMA),
    readPrivateJson<RegistryManifest>(assets, "/links.json", REGISTRY_SCHEMA),
  ]);
  return {
    assets,
    site,
    blocklist,
    links: new ShardedLinks(assets, manifest),
    staticPaths: new Set(site.static_paths),
  };
}
