/**
 * The runtime's data, read through the ASSETS binding once per isolate: the small private files;
 * the registry's membership filter and its shards are read later, as sharded-links.ts says.
 */
import type { Instance } from "../engine/instance.js";
import type { AssetFetcher } from "../env.js";
import {
  PRIVATE_ASSETS,
  type Blocklist,
  type RegistryManifest,
  type SiteConfig,
} from "../contract/index.js";
import { assetsBelow } from "./assets-below.js";
import { readPrivateJson } from "./read-assets.js";
import { ShardedLinks } from "./sharded-links.js";

export { readAsset, readPage } from "./read-assets.js";

/** The worker's instance: its links read from the registry's shards, as they are needed. */
export interface RuntimeData extends Instance {
  links: ShardedLinks;
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

/** Another host's links (docs/domains.md): its manifest and shards, below `dir`. */
export async function loadHostLinks(assets: AssetFetcher, dir: string): Promise<ShardedLinks> {
  const below = assetsBelow(assets, dir);
  const manifest = await readPrivateJson<RegistryManifest>(below, PRIVATE_ASSETS.registry);
  return new ShardedLinks(below, manifest);
}
