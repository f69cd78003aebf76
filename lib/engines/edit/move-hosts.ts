/**
 * `mv --to-domain HOST[,HOST]` (docs/domains.md): the hosts a row answers on after the move, and
 * the fields that say so, written as `add --domain` writes them: `domain` for one host, `domains`
 * for several. `--domain FROM` on a row of several hosts moves that host's link only: FROM is
 * replaced by the new hosts and the others stay. Whether the row may be on them (SL524, SL525)
 * and whether its slug is free there (SL305) is the compiler's to say, as for `add`.
 */
import { asciiHost } from "../../stages/1-sources/site/domains.js";

const ascii = (host: string) => asciiHost(host) ?? host;

/** The hosts as written after the move, each once, in order. */
export function movedHosts(
  onHosts: readonly string[],
  to: readonly string[],
  from: string | undefined,
): string[] {
  const next =
    from === undefined || onHosts.length < 2
      ? to
      : onHosts.flatMap((host) => (host === from ? to : [host]));
  const seen = new Set<string>();
  return next.filter((host) => !seen.has(ascii(host)) && Boolean(seen.add(ascii(host))));
}

/** The hosts of `before` that `after` no longer names (ASCII). */
export function leftHosts(before: readonly string[], after: readonly string[]): string[] {
  const kept = new Set(after.map(ascii));
  return before.filter((host) => !kept.has(ascii(host)));
}

/** `domain` or `domains` for the hosts, and the other field to remove. */
export function hostFields(hosts: readonly string[]): {
  set: Record<string, unknown>;
  unset: string;
} {
  return hosts.length === 1
    ? { set: { domain: hosts[0] }, unset: "domains" }
    : { set: { domains: [...hosts] }, unset: "domain" };
}
