/**
 * The name lookup every connection goes through. A pinned host (`--resolve`) connects where
 * the operator said. Any other name is resolved, and every address it resolves to must pass
 * the target rules' own address ranges (rule 7): a public name pointing at a private, loopback
 * or metadata address ends the check as unsafe, and the connection is made only to an address
 * that was checked, so a second answer from DNS cannot slip past (no rebinding window).
 */
import { lookup as dnsLookup } from "node:dns/promises";
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import {
  classifyAddress,
  metadataAddress,
  parseIPv4,
  parseIPv6,
} from "../../../runtime/targets/index.js";
import { pinKey, type PinTable } from "./pins.js";

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** How names become addresses; tests pass a table instead of asking DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const SYSTEM_RESOLVER: Resolver = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/** Raised when a name resolves to an address the target rules refuse. */
export class UnsafeAddressError extends Error {
  readonly code = "SHORTLINKS_UNSAFE_ADDRESS";
}

/** Why an address is refused (its range), or null for a public unicast address. */
export function refusedAddress(address: string): string | null {
  const bytes = isIP(address) === 6 ? parseIPv6(address) : parseIPv4(address);
  if (!bytes) return "not an IP address";
  const metadata = metadataAddress(bytes);
  if (metadata) return `cloud metadata endpoint (${metadata.provider})`;
  const range = classifyAddress(bytes);
  return range ? `${range.name} (${range.cidr})` : null;
}

export interface LookupOptions {
  /** The port the URL names: pins are per host and port, like curl's. */
  port: number;
  pins: PinTable;
  resolver: Resolver;
}

export async function safeAddresses(
  hostname: string,
  options: LookupOptions,
): Promise<ResolvedAddress[]> {
  const pinned = options.pins.get(pinKey(hostname, options.port));
  if (pinned) return pinned.map((address) => ({ address, family: isIP(address) }));
  const found = await options.resolver(hostname);
  if (found.length === 0)
    throw Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" });
  for (const { address } of found) {
    const why = refusedAddress(address);
    if (why) throw new UnsafeAddressError(`${hostname} resolves to ${address}: ${why}`);
  }
  return found;
}

/** A `lookup` for node:http(s) and net.connect, in both callback shapes Node uses. */
export function safeLookup(options: LookupOptions): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    safeAddresses(hostname, options).then(
      (all) => {
        const family = familyNumber(lookupOptions.family);
        const wanted = family ? all.filter((a) => a.family === family) : all;
        if (lookupOptions.all) callback(null, wanted);
        else if (wanted.length === 0)
          callback(Object.assign(new Error(`${hostname}: no address`), { code: "ENOTFOUND" }), "");
        else callback(null, wanted[0].address, wanted[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, lookupOptions.all ? [] : ""),
    );
  };
}

function familyNumber(family: number | "IPv4" | "IPv6" | undefined): number {
  return family === "IPv4" ? 4 : family === "IPv6" ? 6 : (family ?? 0);
}
