/**
 * The `ip` condition's addresses and blocks: strict spellings only (dotted-quad IPv4 without
 * leading zeros, RFC 4291 IPv6 through the target rules' parser), compared as bytes. An IPv4
 * address written as IPv4-mapped IPv6 (`::ffff:192.0.2.1`) is the IPv4 address.
 */
import { parseIPv6 } from "../targets/ip.js";

export interface Cidr {
  /** 4 bytes (IPv4) or 16 (IPv6), host bits zero. */
  bytes: number[];
  bits: number;
}

const DOTTED = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/;

/** An address as bytes, or null when it is not one written strictly. */
export function parseAddress(text: string): number[] | null {
  const dotted = DOTTED.exec(text);
  if (dotted) {
    const bytes = dotted.slice(1).map(Number);
    return bytes.every((b) => b <= 255) ? bytes : null;
  }
  if (!text.includes(":") || text.includes("[")) return null;
  const v6 = parseIPv6(text);
  if (!v6) return null;
  const mapped = v6.slice(0, 10).every((b) => b === 0) && v6[10] === 255 && v6[11] === 255;
  return mapped ? v6.slice(12) : v6;
}

/**
 * A block (`ADDRESS/BITS`, or one address) or the reason it is not one. Host bits must be zero,
 * so a block means what it says.
 */
export function parseCidr(text: string): Cidr | string {
  const slash = text.indexOf("/");
  const written = slash < 0 ? text : text.slice(0, slash);
  const address = parseAddress(written);
  if (!address) return "not an IPv4 or IPv6 address";
  // An IPv4-mapped IPv6 block is the IPv4 block: its prefix counts the 96 bits before it.
  const mapped = address.length === 4 && written.includes(":") ? 96 : 0;
  const max = address.length * 8 + mapped;
  const bitsText = slash < 0 ? String(max) : text.slice(slash + 1);
  if (!/^(0|[1-9]\d{0,2})$/.test(bitsText) || Number(bitsText) > max || Number(bitsText) < mapped)
    return `the prefix length must be ${mapped} to ${max}`;
  const bits = Number(bitsText) - mapped;
  const masked = address.map((byte, i) => byte & maskByte(bits, i));
  if (masked.some((byte, i) => byte !== address[i]))
    return `host bits are set (the block is ${formatCidr({ bytes: masked, bits })})`;
  return { bytes: address, bits };
}

function maskByte(bits: number, index: number): number {
  const left = bits - index * 8;
  return left >= 8 ? 255 : left <= 0 ? 0 : (0xff << (8 - left)) & 0xff;
}

/** Whether `address` (bytes) lies in `cidr`; an IPv4 address is never in an IPv6 block. */
export function inCidr(address: readonly number[], cidr: Cidr): boolean {
  if (address.length !== cidr.bytes.length) return false;
  for (let i = 0; i * 8 < cidr.bits; i++)
    if ((address[i] & maskByte(cidr.bits, i)) !== cidr.bytes[i]) return false;
  return true;
}

/** The canonical text of a block: dotted quad, or RFC 5952 IPv6 (lower-case, longest zero run as ::). */
export function formatCidr(cidr: Cidr): string {
  return `${formatAddress(cidr.bytes)}/${cidr.bits}`;
}

function formatAddress(bytes: readonly number[]): string {
  if (bytes.length === 4) return bytes.join(".");
  const groups = Array.from({ length: 8 }, (_, i) => (bytes[2 * i] << 8) | bytes[2 * i + 1]);
  let best = { at: -1, length: 1 };
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length) best = { at: i, length: j - i };
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.at < 0) return hex.join(":");
  const head = hex.slice(0, best.at).join(":");
  const tail = hex.slice(best.at + best.length).join(":");
  return `${head}::${tail}`;
}
