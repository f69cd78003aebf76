/**
 * Rule 7: address literals. Parsers follow the WHATWG URL standard (so the runtime judges the
 * address a browser would connect to) and the ranges are the IANA special-purpose registries,
 * kept as a compact CIDR table over parsed bytes instead of a dependency.
 */

/** One refused range: where it is, what it is, and whether a per-link `allow` may open it. */
export interface AddressRange {
  cidr: string;
  name: string;
  allowable: boolean;
}

/** WHATWG IPv4 parser: decimal, octal (`0` prefix), hex (`0x`) and short forms. Null if not IPv4. */
export function parseIPv4(host: string): number[] | null {
  const parts = host.split(".");
  if (parts.length > 1 && parts[parts.length - 1] === "") parts.pop();
  if (parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    const n = parseIPv4Number(part);
    if (n === null) return null;
    numbers.push(n);
  }
  const last = numbers.pop() as number;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return null;
  let value = last;
  numbers.forEach((n, i) => (value += n * 256 ** (3 - i)));
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
}

function parseIPv4Number(part: string): number | null {
  let digits = part;
  let radix = 10;
  if (/^0x/i.test(part)) [digits, radix] = [part.slice(2), 16];
  else if (part.length > 1 && part[0] === "0") [digits, radix] = [part.slice(1), 8];
  if (digits === "") return part === "" ? null : 0;
  const valid = radix === 16 ? /^[0-9a-f]+$/i : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  return valid.test(digits) ? parseInt(digits, radix) : null;
}

/** IPv6 literal, with or without brackets, optionally ending in a dotted IPv4. Zone ids: null. */
export function parseIPv6(host: string): number[] | null {
  let text = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  const dotted = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const b = dotted.slice(2).map(Number);
    if (b.some((n) => n > 255)) return null;
    text = dotted[1] + ((b[0] << 8) | b[1]).toString(16) + ":" + ((b[2] << 8) | b[3]).toString(16);
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const split = (s: string) => (s === "" ? [] : s.split(":"));
  const head = split(halves[0]);
  const tail = halves.length === 2 ? split(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(missing).fill("0"), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]);
}

// `cidr name` and a trailing `*` when a per-link allowance (rule 7) may open the range.
const V4_TABLE = `0.0.0.0/8 this-network (unspecified)
10.0.0.0/8 private-use *
100.64.0.0/10 shared address space (CGNAT) *
127.0.0.0/8 loopback
169.254.0.0/16 link-local (cloud metadata)
172.16.0.0/12 private-use *
192.0.0.0/24 IETF protocol assignments
192.0.2.0/24 documentation (TEST-NET-1)
192.88.99.0/24 6to4 relay anycast (reserved)
192.168.0.0/16 private-use *
198.18.0.0/15 benchmarking
198.51.100.0/24 documentation (TEST-NET-2)
203.0.113.0/24 documentation (TEST-NET-3)
224.0.0.0/4 multicast
240.0.0.0/4 reserved
255.255.255.255/32 limited broadcast`;

// Everything outside 2000::/3 is refused as well (see classifyAddress).
const V6_TABLE = `::/128 unspecified
::1/128 loopback
::ffff:0:0/96 IPv4-mapped
::/96 IPv4-compatible (deprecated)
64:ff9b::/96 NAT64 (IPv4-embedded)
64:ff9b:1::/48 local-use NAT64
100::/64 discard-only
2001::/23 IETF protocol assignments (Teredo, ORCHID, benchmarking)
2001:db8::/32 documentation
2002::/16 6to4 (IPv4-embedded)
3fff::/20 documentation
5f00::/16 SRv6 SIDs
fc00::/7 unique-local *
fe80::/10 link-local
fec0::/10 site-local (deprecated)
ff00::/8 multicast`;

interface CompiledRange extends AddressRange {
  bytes: number[];
  bits: number;
}

function compile(table: string, parse: (s: string) => number[] | null): CompiledRange[] {
  return table.split("\n").map((line) => {
    const [cidr, ...rest] = line.split(" ");
    const allowable = rest[rest.length - 1] === "*";
    const [address, bits] = cidr.split("/");
    const name = (allowable ? rest.slice(0, -1) : rest).join(" ");
    return { cidr, name, allowable, bytes: parse(address) as number[], bits: Number(bits) };
  });
}

const V4_RANGES = compile(V4_TABLE, parseIPv4);
const V6_RANGES = compile(V6_TABLE, parseIPv6);

/** Every refused range, for docs and cross-checks. */
export const BLOCKED_RANGES: readonly AddressRange[] = [...V4_RANGES, ...V6_RANGES].map(
  ({ cidr, name, allowable }) => ({ cidr, name, allowable }),
);

function inRange(bytes: number[], range: CompiledRange): boolean {
  return addressInRange(bytes, range.bytes, range.bits);
}

/** Whether an address lies in `base/bits` (both 4 or both 16 bytes). */
export function addressInRange(bytes: readonly number[], base: readonly number[], bits: number) {
  if (bytes.length !== base.length) return false;
  for (let bit = 0; bit < bits; bit += 8) {
    const take = Math.min(8, bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[bit / 8] & mask) !== (base[bit / 8] & mask)) return false;
  }
  return true;
}

/** The refused range holding this address (4 or 16 bytes), or null for a public unicast address. */
export function classifyAddress(bytes: number[]): AddressRange | null {
  const table = bytes.length === 4 ? V4_RANGES : V6_RANGES;
  // Most specific first, so `::1/128` wins over `::/96`.
  let best: CompiledRange | null = null;
  for (const range of table)
    if (inRange(bytes, range) && (!best || range.bits > best.bits)) best = range;
  if (best) return { cidr: best.cidr, name: best.name, allowable: best.allowable };
  if (bytes.length === 16 && (bytes[0] & 0xe0) !== 0x20)
    return { cidr: "outside 2000::/3", name: "reserved, not global unicast", allowable: false };
  return null;
}
