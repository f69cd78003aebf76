/**
 * A compiled instance as the engine answers from it. The worker reads one through its ASSETS
 * binding, links from the registry's shards (registry/store.ts); the compiler holds one in memory
 * (lib/shared/memory-instance.ts) for `explain`, `check`'s expectations, `diff` and the own-host check.
 */
import type { Blocklist, DomainEntry, SiteConfig } from "../contract/index.js";
import type { AssetFetcher } from "../env.js";
import type { LinkSource } from "../resolve.js";

export interface Instance {
  /** The instance's files: pages, static files, the stats and tests files. */
  assets: AssetFetcher;
  site: SiteConfig;
  blocklist: Blocklist;
  links: LinkSource;
  staticPaths: ReadonlySet<string>;
  /** Product pages already read (see readPage). */
  pages: Map<string, string>;
  /**
   * The host this instance answers as, when site.yaml lists domains (engine/hosts.ts): its links,
   * root, not-found destination, own files and operator files.
   */
  domain?: DomainEntry;
}
