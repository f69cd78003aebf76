/**
 * A private zone's `allow_targets` (docs/private-links.md): host names (each with every subdomain,
 * on whole labels) and address ranges its links may reach although rules 6 and 7 refuse them for
 * public links. They open only what a per-link allowance could open (intranet names, private-use,
 * CGNAT and unique-local ranges); loopback, link-local and the cloud metadata endpoints stay
 * refused whatever a zone lists, because checkTarget refuses those first.
 */
import { matchHost, stripTrailingDots } from "./hosts.js";
import { addressInRange, parseIPv4, parseIPv6 } from "./ip.js";

export type TargetEntry =
  { kind: "name"; host: string } | { kind: "range"; bytes: number[]; bits: number };

export interface IntranetTargets {
  names: ReadonlySet<string>;
  ranges: readonly { bytes: number[]; bits: number }[];
}

/** An address written alone or in brackets (IPv6), or null. */
export function parseAddress(text: string): number[] | null {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  if (bare.includes(":")) return parseIPv6(`[${bare}]`);
  return /^[0-9.]+$/.test(bare) ? parseIPv4(bare) : null;
}

/** One entry as written in site.yaml: `wiki.corp`, `10.20.0.0/16`, `fd00:1::/48`, `10.0.0.5`. */
export function parseTargetEntry(entry: string): TargetEntry | null {
  const text = entry.trim().toLowerCase();
  const slash = text.indexOf("/");
  if (slash >= 0) {
    const bytes = parseAddress(text.slice(0, slash));
    const bitsText = text.slice(slash + 1);
    if (!bytes || !/^\d{1,3}$/.test(bitsText)) return null;
    const bits = Number(bitsText);
    return bits <= bytes.length * 8 ? { kind: "range", bytes, bits } : null;
  }
  const bytes = parseAddress(text);
  if (bytes) return { kind: "range", bytes, bits: bytes.length * 8 };
  const host = stripTrailingDots(text);
  return host === "" ? null : { kind: "name", host };
}

const compiled = new WeakMap<readonly string[], IntranetTargets>();

/** The entries compiled once per list (the runtime keeps one list per zone for its lifetime). */
export function intranetTargets(entries: readonly string[]): IntranetTargets {
  let targets = compiled.get(entries);
  if (!targets) {
    const names = new Set<string>();
    const ranges: { bytes: number[]; bits: number }[] = [];
    for (const entry of entries) {
      const parsed = parseTargetEntry(entry);
      if (parsed?.kind === "name") names.add(parsed.host);
      else if (parsed) ranges.push(parsed);
    }
    targets = { names, ranges };
    compiled.set(entries, targets);
  }
  return targets;
}

/** Whether a target's host (as the URL parser gives it; `address` when it is one) is listed. */
export function listedTarget(
  host: string,
  address: readonly number[] | null,
  targets: IntranetTargets,
): boolean {
  if (address) return targets.ranges.some((r) => addressInRange(address, r.bytes, r.bits));
  return matchHost(host, targets.names) !== undefined;
}
