/**
 * Rules 6, 8 and 9: host names. Hosts arrive as the WHATWG URL parser gives them (lower case,
 * percent-decoded, IDN in punycode); trailing dots are dropped here. Every list entry matches
 * the host itself and every subdomain, on whole labels.
 */

/** Names that always reach the visitor's own machine: never allowable. */
const LOOPBACK_NAMES: ReadonlySet<string> = new Set(["localhost"]);
/**
 * Intranet names a per-link allowance (rule 6) may open: mDNS, the special-use and private-use
 * names of RFC 6761, RFC 8375 and ICANN's `.internal`, and widespread intranet conventions.
 */
export const INTRANET_SUFFIXES: ReadonlySet<string> = new Set([
  "local",
  "internal",
  "intranet",
  "lan",
  "home.arpa",
  "localdomain",
  "corp",
  "home",
]);

export function stripTrailingDots(host: string): string {
  return host.endsWith(".") ? host.replace(/\.+$/, "") : host;
}

/**
 * The entry of `list` that `host` equals or lies below, or undefined. Each candidate is the
 * text after a dot (no split and join: the build calls this several times per link).
 */
export function matchHost(host: string, entries: ReadonlySet<string>): string | undefined {
  const name = stripTrailingDots(host);
  for (let at = 0; ;) {
    const candidate = at === 0 ? name : name.slice(at);
    if (entries.has(candidate)) return candidate;
    const dot = name.indexOf(".", at);
    if (dot < 0) return undefined;
    at = dot + 1;
  }
}

export type IntranetName = { name: string; why: string; allowable: boolean };

/** Why a host name is a local or intranet name (rule 6), or null. */
export function intranetName(host: string): IntranetName | null {
  const name = stripTrailingDots(host);
  const loopback = matchHost(name, LOOPBACK_NAMES);
  if (loopback) return { name, why: `"${name}" is localhost or below it`, allowable: false };
  const suffix = matchHost(name, INTRANET_SUFFIXES);
  if (suffix) return { name, why: `"${name}" is an intranet name (.${suffix})`, allowable: true };
  if (!name.includes("."))
    return { name, why: `"${name}" is a single-label (intranet) name`, allowable: true };
  return null;
}
