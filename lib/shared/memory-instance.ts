/**
 * An instance held in memory, for the compiler: `explain` and `check`'s expectations answer over
 * the compiled files (filesInstance: the runtime reads them as the worker reads its own); `diff`
 * and the own-host check decide over the compiled tables alone (tablesInstance). Each answers as
 * one host (docs/domains.md): the default one unless a host is named.
 */
import {
  contentTypeOf,
  type Blocklist,
  type LinkRecord,
  type SiteConfig,
} from "../../runtime/contract/index.js";
import type { AssetFetcher, Env } from "../../runtime/env.js";
import { loadRuntimeData, type RuntimeData } from "../../runtime/registry/store.js";
import type { LinkSource } from "../../runtime/resolve.js";
import { compilePlaceholders, type PlaceholderTable } from "../../runtime/placeholders.js";
import type { Instance } from "../../runtime/engine/instance.js";
import { hostData, hostView, requestHost } from "../../runtime/engine/hosts.js";

/** A file of the assets folder: its path in it (`/links.json`) and its content. */
export interface MemoryAsset {
  path: string;
  content: string | Uint8Array;
}

/** An `ASSETS` binding over files held in memory, so the runtime reads them unchanged. */
export function memoryAssets(files: Iterable<MemoryAsset>): AssetFetcher {
  const byPath = new Map<string, MemoryAsset>();
  for (const file of files) byPath.set(file.path, file);
  return {
    async fetch(request: Request): Promise<Response> {
      const path = decodeURIComponent(new URL(request.url).pathname);
      const file = byPath.get(path);
      if (file === undefined) return new Response("Not found", { status: 404 });
      // Bytes from Node's Buffer type as ArrayBufferLike; any of them makes a body.
      const body = file.content as string | Uint8Array<ArrayBuffer>;
      return new Response(body, { headers: { "content-type": contentTypeOf(path) } });
    },
  };
}

/** The instance of compiled files, read as the worker reads its own, and the env to answer in. */
export async function filesInstance(
  files: Iterable<MemoryAsset>,
): Promise<{ instance: RuntimeData; env: Env }> {
  const assets = memoryAssets(files);
  return { instance: await loadRuntimeData(assets), env: { ASSETS: assets } };
}

/**
 * The instance answering as `host` (docs/domains.md): its host view when site.yaml lists domains,
 * the instance itself when it lists none and `host` is base_url's; null for a host it does not
 * list. Without `host`, the default host.
 */
export async function instanceForHost(
  instance: RuntimeData,
  host?: string,
): Promise<RuntimeData | null> {
  const wanted = host ?? defaultHostOf(instance.site);
  if (instance.site.domains === undefined)
    return wanted === defaultHostOf(instance.site) ? instance : null;
  return hostData(instance, `https://${wanted}/`);
}

/** The default host: the first listed, or base_url's. */
export function defaultHostOf(site: SiteConfig): string {
  return site.domains?.[0].host ?? requestHost(site.base_url);
}

/** Every host the instance answers on, the default first. */
export function hostsOf(site: SiteConfig): string[] {
  return site.domains?.map((d) => d.host) ?? [requestHost(site.base_url)];
}

/** The link of `kind` at `key` among `links`, as an index the compiler already holds answers. */
export interface LinkLookup {
  links: readonly LinkRecord[];
  find(kind: LinkRecord["kind"], key: string): LinkRecord | undefined;
}

/** What an instance decides with, as the compiler holds it. */
export interface InstanceTables {
  /** Every host's links; one on a host other than the default carries `domain`. */
  links: readonly LinkRecord[];
  blocklist: Blocklist;
  siteConfig: SiteConfig;
  /**
   * The links by kind and key (a review's first side keeps its conflict index), so an instance
   * without hosts of its own answers from it instead of indexing `links` again (only while
   * `links` is the very list it was made for).
   */
  lookup?: LinkLookup;
}

/** The links a listed host answers with: its own, or those of the host it is an alias of. */
export function linksOfHost(tables: InstanceTables, host?: string): readonly LinkRecord[] {
  const domains = tables.siteConfig.domains;
  if (domains === undefined) return tables.links;
  const entry = domains.find((d) => d.host === host) ?? domains[0];
  const registry = entry.alias_of ?? entry.host;
  const own = registry === domains[0].host ? undefined : registry;
  return tables.links.filter((link) => link.domain === own);
}

/**
 * An active link as it answers inside its schedule window, whenever that is; a link of another
 * state as it is (only an edit makes it redirect).
 */
function liveView(link: LinkRecord | undefined): LinkRecord | undefined {
  if (!link || link.state !== "active" || !link.schedule) return link;
  const { schedule: _schedule, ...live } = link;
  return live;
}

/**
 * What a side of a comparison shares with the other (docs/cache.md, "Within one run"): the other
 * side's instance and the records both hold.
 */
export interface SharedLinks {
  instance: Instance;
  shared: ReadonlySet<LinkRecord>;
  /** This side's records the other does not hold, when the caller knows them already. */
  own?: readonly LinkRecord[];
}

type Kind = LinkRecord["kind"];
type Index = Record<Kind, Map<string, LinkRecord>>;

class MemoryLinks implements LinkSource {
  readonly splatDepths: readonly number[];
  readonly placeholders: PlaceholderTable;
  private readonly patterns = new Map<string, LinkRecord>();
  /** Made at the first lookup: a side nothing asks about indexes nothing. */
  private index: Index | undefined;

  /**
   * `under`: the other side's links and the records both hold (and this side's others, `own`,
   * when known). A shared record is not indexed again: a key this side does not hold itself
   * answers with the other side's record at that key when it is shared (each side's keys are
   * unique, so it is this side's record at that key too).
   */
  constructor(
    private readonly links: readonly LinkRecord[],
    private readonly view: (link: LinkRecord | undefined) => LinkRecord | undefined = (link) =>
      link,
    private readonly under?: {
      links: MemoryLinks;
      shared: ReadonlySet<LinkRecord>;
      own?: readonly LinkRecord[];
    },
    private readonly lookup?: LinkLookup["find"],
  ) {
    const depths = new Set<number>();
    for (const link of links) {
      if (link.kind === "placeholder") this.patterns.set(link.key, link);
      else if (link.kind === "splat") depths.add(link.key === "" ? 0 : link.key.split("/").length);
    }
    this.splatDepths = [...depths].sort((a, b) => a - b);
    this.placeholders = compilePlaceholders(
      [...this.patterns.values()].map((l) => (l.params ? [l.key, l.params] : [l.key])),
    );
  }

  /** The links this side indexes itself: all, or those the other side does not hold. */
  private ownLinks(): readonly LinkRecord[] {
    const under = this.under;
    if (under === undefined) return this.links;
    return under.own ?? this.links.filter((link) => !under.shared.has(link));
  }

  /** This side's own link of `kind` at `key`. */
  private ownLink(kind: Kind, key: string): LinkRecord | undefined {
    if (this.lookup !== undefined) return this.lookup(kind, key);
    if (this.index === undefined) {
      this.index = { exact: new Map(), splat: new Map(), placeholder: new Map() };
      for (const link of this.ownLinks()) this.index[link.kind].set(link.key, link);
    }
    return this.index[kind].get(key);
  }

  private find(kind: Kind, key: string): LinkRecord | undefined {
    const own = this.ownLink(kind, key);
    if (own !== undefined || this.under === undefined) return own;
    const other = this.under.links.find(kind, key);
    return other !== undefined && this.under.shared.has(other) ? other : undefined;
  }

  exact(key: string): LinkRecord | undefined {
    return this.view(this.find("exact", key));
  }

  splat(key: string): LinkRecord | undefined {
    return this.view(this.find("splat", key));
  }

  placeholder(key: string): LinkRecord | undefined {
    return this.view(this.patterns.get(key));
  }
}

/** Tables alone hold no files: an instance of them decides, it does not build answers. */
const NO_FILES: AssetFetcher = {
  fetch: () => Promise.reject(new Error("an instance of tables holds no files")),
};

/**
 * The instance of `tables`, to decide with (engine/answer.ts, decide). With `allLive`, every
 * active link answers as inside its schedule window: what the links can do without an edit, not
 * only what they do now.
 */
export function tablesInstance(
  tables: InstanceTables,
  {
    allLive = false,
    host,
    beside,
  }: { allLive?: boolean; host?: string; beside?: SharedLinks } = {},
): Instance {
  const view = allLive ? liveView : undefined;
  const domains = tables.siteConfig.domains;
  const other = beside && indexes.get(beside.instance);
  // Nothing shared (case matching changed, every row validated again): nothing to stand on, and
  // a key this side misses would be asked of the other side for nothing.
  const under =
    other && other.view === view && beside.shared.size > 0
      ? { links: other.links, shared: beside.shared, own: beside.own }
      : undefined;
  // Every link is this side's own: the compiler's index of them answers (one without hosts).
  const lookup =
    under === undefined && domains === undefined && tables.lookup?.links === tables.links
      ? tables.lookup.find
      : undefined;
  const links = new MemoryLinks(linksOfHost(tables, host), view, under, lookup);
  const instance: Instance = {
    assets: NO_FILES,
    site: tables.siteConfig,
    blocklist: tables.blocklist,
    links,
    staticPaths: new Set(tables.siteConfig.static_paths),
    pages: new Map(),
  };
  const answering =
    domains === undefined
      ? instance
      : hostView(instance, domains.find((d) => d.host === host) ?? domains[0], instance.links);
  indexes.set(answering, { links, view });
  return answering;
}

/** Each instance of tables' links, so the other side of a comparison can stand on them. */
const indexes = new WeakMap<
  Instance,
  {
    links: MemoryLinks;
    view: ((link: LinkRecord | undefined) => LinkRecord | undefined) | undefined;
  }
>();
