/**
 * Shlink's IP address conditions (an address, a CIDR block, or an IPv4 address with `*` for whole
 * octets) as an `ip` block: trailing wildcards are a prefix (`10.20.*.*` is `10.20.0.0/16`), and
 * an IPv4 block's host bits are cleared, as the `ip` condition requires them zero. A wildcard
 * before a number (`10.*.3.4`) is no block: undefined.
 */
import type { When } from "./when.js";

export function ipv4Block(value: string): When | undefined {
  const text = value.trim();
  const octets = text.split(".");
  if (text.includes("*")) {
    if (octets.length !== 4) return undefined;
    const fixed = octets.findIndex((o) => o === "*");
    if (octets.slice(fixed).some((o) => o !== "*")) return undefined;
    const address = octets.map((o) => (o === "*" ? "0" : o)).join(".");
    return { ip: [`${address}/${fixed * 8}`] };
  }
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3})\/(\d{1,2})$/.exec(text);
  if (v4 && Number(v4[2]) <= 32) {
    const bits = Number(v4[2]);
    const bytes = v4[1].split(".").map(Number);
    const masked = bytes.map((byte, i) => {
      const keep = Math.max(0, Math.min(8, bits - i * 8));
      return byte & ((0xff << (8 - keep)) & 0xff);
    });
    return { ip: [`${masked.join(".")}/${bits}`] };
  }
  return { ip: [text] };
}
