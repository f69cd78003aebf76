/**
 * One registry per host (docs/domains.md): the default host's files stay where a one-host
 * instance has them, another host's go below `/links-hosts/<host>`. A host's shards, filter,
 * stats index and tests pages hold its own links and expectations only, so what a request on one
 * host costs never grows with another host's links. An alias has no registry: it reads the one of
 * the host it names, and keeps its own tests pages (its expectations are asked on it).
 */
import {
  hostDir,
  hostFilePath,
  type DomainEntry,
  type Expectation,
  type HostFile,
  type LinkRecord,
} from "../../../runtime/contract/index.js";
import type { DomainFile } from "../1-sources/custom/domain-files.js";
import type { Domain } from "../1-sources/site/domains.js";

export interface HostLinks {
  /** ASCII host, or "" for an instance that lists no domains. */
  host: string;
  /** "" for the default host, `/links-hosts/<host>` for another. */
  dir: string;
  links: LinkRecord[];
}

/** The links of each host with a registry, the default host first. */
export function linksByHost(
  links: readonly LinkRecord[],
  domains: readonly Domain[] | undefined,
): HostLinks[] {
  if (domains === undefined) return [{ host: "", dir: "", links: [...links] }];
  const groups = domains
    .filter((d) => d.alias_of === undefined)
    .map((d, i) => ({
      host: d.host,
      dir: i === 0 ? "" : hostDir(d.host),
      links: [] as LinkRecord[],
    }));
  const byHost = new Map(groups.map((g) => [g.host, g]));
  for (const link of links)
    (byHost.get(link.domain ?? groups[0].host) as HostLinks).links.push(link);
  return groups;
}

export interface HostExpectations {
  dir: string;
  expectations: Expectation[];
}

/**
 * The expectations each host's tests page shows: those asked on it. The default host's stay at
 * the root; every other listed host, alias or not, gets its own (maybe empty) pages.
 */
export function expectationsByHost(
  expectations: readonly Expectation[],
  domains: readonly Domain[] | undefined,
): HostExpectations[] {
  if (domains === undefined) return [{ dir: "", expectations: [...expectations] }];
  return domains.map((d, i) => ({
    dir: i === 0 ? "" : hostDir(d.host),
    expectations: expectations.filter((e) => (e.domain ?? domains[0].host) === d.host),
  }));
}

/** `SiteConfig.domains`: each host with its registry folder, root, not-found and own files. */
export function domainEntries(
  domains: readonly Domain[],
  files: ReadonlyMap<string, readonly DomainFile[]>,
): DomainEntry[] {
  const defaultHost = domains[0].host;
  const byHost = new Map(domains.map((d) => [d.host, d]));
  const ownFiles = (host: string): Record<string, HostFile> =>
    Object.fromEntries(
      (files.get(host) ?? []).map((f) => [
        f.path,
        { asset: hostFilePath(host, f.path), content_type: f.content_type },
      ]),
    );
  return domains.map((d) => {
    const target = d.alias_of === undefined ? undefined : byHost.get(d.alias_of);
    const registry = target?.host ?? d.host;
    const entry: DomainEntry = {
      host: d.host,
      dir: registry === defaultHost ? "" : hostDir(registry),
    };
    if (target) entry.alias_of = target.host;
    const root = d.root ?? target?.root;
    const notFound = d.not_found ?? target?.not_found;
    const aud = d.access_aud ?? target?.access_aud;
    if (root !== undefined) entry.root = root;
    if (notFound !== undefined) entry.not_found = notFound;
    if (aud !== undefined) entry.access_aud = aud;
    const own = { ...(target ? ownFiles(target.host) : {}), ...ownFiles(d.host) };
    if (Object.keys(own).length > 0)
      entry.files = Object.fromEntries(Object.entries(own).sort(([a], [b]) => (a < b ? -1 : 1)));
    return entry;
  });
}
