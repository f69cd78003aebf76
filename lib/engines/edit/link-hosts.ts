/**
 * The hosts the editor's verbs choose among (docs/domains.md): the instance's hosts with links of
 * their own, the host a row answers on (`domain`, `domains`, or the default host), and the host
 * `--domain` names (an alias names the host it is an alias of). A host the instance does not list
 * is SL528, a usage error that lists the instance's hosts.
 */
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { SITE_FILE } from "../../shared/paths.js";
import { asciiHost, hostOfUrl, type Domain } from "../../stages/1-sources/site/domains.js";
import { allOf } from "../../shared/words.js";

export interface InstanceHosts {
  /** The default host (ASCII). */
  defaultHost: string;
  /** Every host `--domain` may name, the default first (aliases included). */
  listed: string[];
  /** Each alias host and the host whose links it answers with. */
  aliasOf: ReadonlyMap<string, string>;
  /** site.yaml lists `domains` (else the instance answers on base_url's host alone). */
  declared: boolean;
}

export function instanceHosts(
  baseUrl: string,
  domains: readonly Domain[] | undefined,
): InstanceHosts {
  const defaultHost = domains?.[0]?.host ?? hostOfUrl(baseUrl);
  const aliasOf = new Map<string, string>();
  for (const d of domains ?? []) if (d.alias_of !== undefined) aliasOf.set(d.host, d.alias_of);
  const listed = domains?.map((d) => d.host) ?? [defaultHost];
  return { defaultHost, listed, aliasOf, declared: domains !== undefined };
}

/** The host with links of its own that `--domain` names, or SL528. */
export function chosenHost(hosts: InstanceHosts, written: string): string | Diagnostic {
  const host = asciiHost(written);
  if (host !== null && hosts.listed.includes(host)) return hosts.aliasOf.get(host) ?? host;
  return diag(
    "SL528",
    { file: SITE_FILE, line: 0 },
    `--domain ${JSON.stringify(written)} is not a host of this instance (${hosts.listed.join(", ")})`,
    "name one of the hosts listed under domains in custom/site.yaml",
  );
}

/** The hosts a row answers on, as written (ASCII where it can be), the default without any. */
export function rowHosts(
  value: { domain?: unknown; domains?: unknown },
  hosts: InstanceHosts,
): string[] {
  const written: unknown[] = Array.isArray(value.domains)
    ? value.domains
    : value.domain === undefined
      ? []
      : [value.domain];
  if (written.length === 0) return [hosts.defaultHost];
  return written.map((name) => {
    const text = String(name);
    return asciiHost(text) ?? text;
  });
}

/** SL528: a slug that names a link on several hosts, and `--domain` does not say which. */
export function severalHosts(
  slug: string,
  onHosts: readonly string[],
  at: { file: string; line: number },
): Diagnostic {
  return diag(
    "SL528",
    at,
    `link ${slug} is on ${allOf(onHosts)}: the same slug is a link of each host`,
    `pass --domain HOST to say which one (--domain ${onHosts[0]})`,
  );
}

/**
 * A link as messages name it: its slug on the default host, `HOST/slug` on another, as diff and
 * health name it; a row on several hosts names each (`a.example/x and b.example/x`).
 */
export function linkName(slug: string, onHosts: readonly string[], defaultHost: string): string {
  if (onHosts.length === 1 && onHosts[0] === defaultHost) return slug;
  return allOf(onHosts.map((host) => (host === defaultHost ? slug : `${host}/${slug}`)));
}

/** The base URL of a link on `host`: base_url on the default host, its scheme and `host` on another. */
export function hostBaseUrl(baseUrl: string, host: string, defaultHost: string): string {
  return host === defaultHost ? baseUrl : `${new URL(baseUrl).protocol}//${host}`;
}
