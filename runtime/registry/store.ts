/**
 * The runtime's data, read through the ASSETS binding once per isolate: the small private files
 * and the registry's membership filter; registry shards are read on demand (sharded-links.ts).
 */
import type { AssetFetcher } from "../env.js";
import {
  PRIVATE_ASSETS,
  REGISTRY_FILTER,
  type Blocklist,
  type RegistryManifest,
  type SiteConfig,
} from "../contract/index.js";
import { MembershipFilter } from "./filter.js";
import { readPrivateBytes, readPrivateJson } from "./read-assets.js";
import { ShardedLinks } from "./sharded-links.js";

export { readAsset, readPage } from "./read-assets.js";

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
  const [site, blocklist, manifest, filterFile] = await Promise.all([
    readPrivateJson<SiteConfig>(assets, PRIVATE_ASSETS.siteConfig),
    readPrivateJson<Blocklist>(assets, PRIVATE_ASSETS.blocklist),
    readPrivateJson<RegistryManifest>(assets, PRIVATE_ASSETS.registry),
    readPrivateBytes(assets, REGISTRY_FILTER.path),
  ]);
  const filter = MembershipFilter.fromFile(filterFile, {
    bits: manifest.filter_bits,
    hashes: manifest.filter_hashes,
  });
  if (typeof filter === "string")
    throw new Error(`private file ${REGISTRY_FILTER.path}: ${filter}`);
  return {
    assets,
    site,
    blocklist,
    links: new ShardedLinks(assets, manifest, filter),
    staticPaths: new Set(site.static_paths),
    pages: new Map(),
  };
}
