/**
 * Which host a request is for (docs/domains.md). An instance whose site.yaml lists no domains
 * answers every host as before, at no cost: one property read. One that lists them answers a
 * listed host from that host's own registry, and any other host with a plain 404 and no event.
 * The host is chosen here, before resolve(), which then sees only that host's links, root and
 * not-found destination.
 */
import type { DomainEntry, SiteConfig } from "../contract/index.js";
import { withHeaderRules } from "../http/headers.js";
import { plainNotFound } from "../http/responses.js";
import { loadHostLinks, type RuntimeData } from "../registry/store.js";
import type { ShardedLinks } from "../registry/sharded-links.js";
import type { Instance } from "./instance.js";

/**
 * The host of a request URL as the domain list spells hosts: the URL parser already lowers the
 * case, drops the port and gives an IDN in its ASCII form; one trailing dot (`go.example.com.`,
 * a fully qualified name) is the same host.
 */
export function requestHost(url: string): string {
  const host = new URL(url).hostname;
  return host.endsWith(".") ? host.slice(0, -1) : host;
}

/** The listed host a request is for, or undefined (unlisted, or no domains listed). */
export function domainOf(
  domains: readonly DomainEntry[] | undefined,
  url: string,
): DomainEntry | undefined {
  if (domains === undefined) return undefined;
  const host = requestHost(url);
  return domains.find((d) => d.host === host);
}

/**
 * `instance` answering as `entry`: that host's links, its own files beside the shared ones, and
 * its own origin as the base URL (the lookup result's short URL, the tests page's requests).
 */
export function hostView<T extends Instance>(
  instance: T,
  entry: DomainEntry,
  links: T["links"],
): T {
  const own = Object.keys(entry.files ?? {});
  const origin = `${new URL(instance.site.base_url).protocol}//${entry.host}`;
  return {
    ...instance,
    site: { ...instance.site, base_url: origin },
    links,
    staticPaths: own.length > 0 ? new Set([...instance.staticPaths, ...own]) : instance.staticPaths,
    domain: entry,
  };
}

const views = new WeakMap<RuntimeData, Map<string, RuntimeData>>();
const registries = new WeakMap<RuntimeData, Map<string, ShardedLinks>>();

/**
 * The worker's instance for a request: `data` itself when no domains are listed, the host's view
 * when its host is listed (kept per isolate once loaded: only a finished load is kept, as for the
 * runtime files), null when it is not.
 */
export async function hostData(data: RuntimeData, url: string): Promise<RuntimeData | null> {
  const domains = data.site.domains;
  if (domains === undefined) return data;
  let byHost = views.get(data);
  if (!byHost) views.set(data, (byHost = new Map()));
  const host = requestHost(url);
  const known = byHost.get(host);
  if (known) return known;
  const entry = domains.find((d) => d.host === host);
  if (!entry) return null;
  const view = hostView(data, entry, await linksOf(data, entry.dir));
  if (!byHost.has(host)) byHost.set(host, view);
  return byHost.get(host) as RuntimeData;
}

/** One registry per folder, shared by a host and its aliases. */
async function linksOf(data: RuntimeData, dir: string): Promise<ShardedLinks> {
  if (dir === "") return data.links;
  let byDir = registries.get(data);
  if (!byDir) registries.set(data, (byDir = new Map()));
  const known = byDir.get(dir);
  if (known) return known;
  const links = await loadHostLinks(data.assets, dir);
  if (!byDir.has(dir)) byDir.set(dir, links);
  return byDir.get(dir) as ShardedLinks;
}

/** The answer to a host the instance does not list: the plain 404 of a private file, no event. */
export function unlistedHost(request: Request, site: SiteConfig): Response {
  const path = new URL(request.url).pathname;
  return withHeaderRules(plainNotFound(), site, path, request.method === "HEAD");
}
