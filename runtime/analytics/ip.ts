/** The visitor IP for provider A by PROVIDER_A_GEO_IP_MODE: full, anonymised (IPv4 /24, IPv6 /48) or none. */
import type { IpMode } from "./config.js";

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** The `payload.ip` value, or undefined to omit it (mode none, or no valid client IP). */
export function visitorIp(raw: string | null, mode: IpMode): string | undefined {
  if (mode === "none" || raw === null) return undefined;
  const ip = raw.trim();
  if (IPV4.test(ip)) return mode === "full" ? ip : ip.replace(/\.\d+$/, ".0");
  const groups = expandIpv6(ip);
  if (!groups) return undefined;
  if (mode === "full") return ip.toLowerCase();
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return `${groups[6] >> 8}.${groups[6] & 0xff}.${groups[7] >> 8}.0`;
  return `${groups
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(":")}::`;
}

/** Eight 16-bit groups, or undefined when the text is not an IPv6 address. */
export function expandIpv6(text: string): number[] | undefined {
  if (!/^[0-9a-f:.]+$/i.test(text) || text.length > 45) return undefined;
  let body = text;
  const tail: number[] = [];
  const v4 = /:(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (v4) {
    if (!IPV4.test(v4[1])) return undefined;
    const o = v4[1].split(".").map(Number);
    tail.push((o[0] << 8) | o[1], (o[2] << 8) | o[3]);
    body = body.slice(0, v4.index + 1);
    if (!body.endsWith("::")) body = body.slice(0, -1);
  }
  const halves = body.split("::");
  if (halves.length > 2) return undefined;
  const parse = (s: string) => (s === "" ? [] : s.split(":"));
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  if ([...head, ...rest].some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  const known = head.length + rest.length + tail.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return undefined;
  const zeros = new Array<number>(8 - known).fill(0);
  const hex = (g: string) => parseInt(g, 16);
  return [...head.map(hex), ...(halves.length === 2 ? zeros : []), ...rest.map(hex), ...tail];
}
