/**
 * `--resolve HOST:PORT:ADDRESS[,ADDRESS...]`, as curl reads it: connections to HOST on PORT go
 * to ADDRESS instead of what DNS says, while the URL, the Host header and TLS (SNI and the
 * certificate check) keep HOST. IPv6 addresses may be written in brackets (`[::1]`).
 */
import { isIP } from "node:net";
import { domainToASCII } from "node:url";

export interface Pin {
  host: string;
  port: number;
  addresses: string[];
}

/** Pins keyed by `host:port` (host in ASCII, lower case, no trailing dot). */
export type PinTable = ReadonlyMap<string, readonly string[]>;

export function pinKey(host: string, port: number): string {
  return `${host.toLowerCase().replace(/\.+$/, "")}:${port}`;
}

/** The pin an entry spells, or the reason it is not one. */
export function parsePin(entry: string): Pin | { problem: string } {
  const match = /^([^:[\]]+):(\d{1,5}):(.+)$/.exec(entry.trim());
  if (!match)
    return {
      problem: `"${entry}" is not HOST:PORT:ADDRESS (for example example.com:443:127.0.0.1)`,
    };
  const [, rawHost, rawPort, rawAddresses] = match;
  const host = domainToASCII(rawHost.replace(/\.+$/, ""));
  if (host === "") return { problem: `"${entry}": "${rawHost}" is not a host name` };
  const port = Number(rawPort);
  if (port < 1 || port > 65535) return { problem: `"${entry}": port ${rawPort} is out of range` };
  const addresses = rawAddresses.split(",").map((a) => a.trim().replace(/^\[(.*)\]$/, "$1"));
  const bad = addresses.find((a) => isIP(a) === 0);
  if (bad !== undefined) return { problem: `"${entry}": "${bad}" is not an IP address` };
  return { host, port, addresses };
}

export function pinTable(pins: readonly Pin[]): PinTable {
  const table = new Map<string, string[]>();
  for (const pin of pins) table.set(pinKey(pin.host, pin.port), pin.addresses);
  return table;
}
