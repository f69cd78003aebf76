/**
 * Blocklist entries in their canonical form: hosts as the WHATWG URL parser gives them
 * (lower case, punycode, canonical IPv4/IPv6), extensions lower-cased with their dot, probe
 * paths case-folded (runtime/case-fold.ts) with a leading `/`. tldts refuses host entries that are public suffixes.
 */
import { getDomain, getPublicSuffix } from "tldts";
import { foldCase } from "../../../../runtime/case-fold.js";

export const HOST_LISTS = ["shorteners", "lure_domains", "blocked_hosts"] as const;
export const PROBE_LISTS = ["prefixes", "suffixes", "exact", "contains"] as const;
export type HostList = (typeof HOST_LISTS)[number];
export type ProbeList = (typeof PROBE_LISTS)[number];
/** Every list of the blocklist, probe lists written `probes.prefixes` and so on. */
export type ListName = HostList | "blocked_extensions" | `probes.${ProbeList}`;

export const LIST_NAMES: readonly ListName[] = [
  ...HOST_LISTS,
  "blocked_extensions",
  ...PROBE_LISTS.map((p) => `probes.${p}` as const),
];

export type Normalized = { ok: true; value: string } | { ok: false; why: string };

const TLD_OPTIONS = { allowPrivateDomains: true } as const;

export function normalizeHostEntry(entry: string): Normalized {
  const text = entry.trim();
  if (text === "" || /[/?#@\s\\]/.test(text) || (/:/.test(text) && !text.startsWith("[")))
    return {
      ok: false,
      why: "expected a bare host name such as example.com (no scheme, path, port or userinfo)",
    };
  let host: string;
  try {
    host = new URL(`http://${text}/`).hostname.replace(/\.+$/, "");
  } catch {
    return { ok: false, why: "not a valid host name" };
  }
  if (host === "") return { ok: false, why: "not a valid host name" };
  const isAddress = host.startsWith("[") || /^\d+\.\d+\.\d+\.\d+$/.test(host);
  if (
    !isAddress &&
    getDomain(host, TLD_OPTIONS) === null &&
    getPublicSuffix(host, TLD_OPTIONS) === host
  )
    return { ok: false, why: `"${host}" is a public suffix: it would block every domain under it` };
  return { ok: true, value: host };
}

export function normalizeExtension(entry: string): Normalized {
  const value = entry.trim().toLowerCase();
  return /^\.[a-z0-9][a-z0-9._-]*$/.test(value)
    ? { ok: true, value }
    : { ok: false, why: "expected an extension with its dot, such as .exe" };
}

export function normalizeProbe(list: ProbeList, entry: string): Normalized {
  // Folded as the guards fold request paths (foldPathForGuards), so every spelling matches.
  const value = foldCase(entry.trim());
  if (value === "") return { ok: false, why: "expected a non-empty path fragment" };
  if ((list === "prefixes" || list === "exact") && !value.startsWith("/"))
    return { ok: false, why: `probes.${list} entries start with "/"` };
  return { ok: true, value };
}

export function normalizeEntry(list: ListName, entry: string): Normalized {
  if (list === "blocked_extensions") return normalizeExtension(entry);
  if (list.startsWith("probes.")) return normalizeProbe(list.slice(7) as ProbeList, entry);
  return normalizeHostEntry(entry);
}
