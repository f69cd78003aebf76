import fc from "fast-check";
import ipaddr from "ipaddr.js";
import { describe, expect, it } from "vitest";
import { BLOCKED_RANGES, classifyAddress, parseIPv4, parseIPv6 } from "./index.js";

/** ipaddr.js range names that IANA lists as globally reachable: rule 7 lets them pass. */
const GLOBAL_V4 = new Set(["unicast", "as112", "amt"]);
const GLOBAL_V6 = new Set(["unicast", "as112v6"]);

const hostOf = (spelling: string) => new URL(`http://${spelling}/`).hostname;

describe("rule 7: address parsing follows the WHATWG URL parser", () => {
  it.each([
    "127.0.0.1",
    "127.1",
    "2130706433",
    "0x7f000001",
    "0x7f.1",
    "017700000001",
    "0177.0.0.1",
    "127.0.0.1.",
    "0",
    "0x0",
    "4294967295",
    "10.1",
    "192.168.257",
    "0xA9.0xFE.0xA9.0xFE",
    "00000000000000127.0.0.1",
    "0x",
  ])("rule 7: IPv4 spelling %s parses to the address a browser reaches", (spelling) => {
    expect(parseIPv4(spelling)?.join(".")).toBe(hostOf(spelling));
  });

  it.each([
    "1.2.3.4.5",
    "256.0.0.0.0",
    "0x100000000",
    "4294967296",
    "example.com",
    "1..2",
    "",
    "08.1",
    "0x1g",
  ])("rule 7: %s is not an IPv4 address", (spelling) => {
    expect(parseIPv4(spelling)).toBeNull();
  });

  it("rule 7: every IPv4 spelling (decimal, hex, octal, short) parses like new URL()", () => {
    const spell = fc.tuple(
      fc.integer({ min: 0, max: 0xffffffff }),
      fc.integer({ min: 0, max: 3 }),
      fc.integer({ min: 0, max: 2 }),
    );
    fc.assert(
      fc.property(spell, ([value, parts, radixSeed]) => {
        const bytes = [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
        const radix = [10, 16, 8][radixSeed];
        const write = (n: number) =>
          radix === 16 ? "0x" + n.toString(16) : radix === 8 ? "0" + n.toString(8) : String(n);
        const head = bytes.slice(0, parts);
        const rest = bytes.slice(parts).reduce((acc, b) => acc * 256 + b, 0);
        const spelling = [...head.map(write), write(rest)].join(".");
        expect(parseIPv4(spelling)).toEqual(bytes);
        expect(hostOf(spelling)).toBe(bytes.join("."));
      }),
      { numRuns: 2000 },
    );
  });

  it("rule 7: every IPv6 spelling ipaddr.js writes parses to the same bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.boolean(), (raw, zeros) => {
        const bytes = Array.from(raw);
        if (zeros) bytes.fill(0, 2, 12);
        const address = ipaddr.fromByteArray(bytes) as ipaddr.IPv6;
        for (const text of [
          address.toString(),
          address.toNormalizedString(),
          // Six hex groups and a dotted IPv4 tail, as in ::ffff:127.0.0.1.
          address.toNormalizedString().split(":").slice(0, 6).join(":") +
            ":" +
            bytes.slice(12).join("."),
        ])
          expect(parseIPv6(text)).toEqual(bytes);
        expect(parseIPv6(hostOf(`[${address.toString()}]`))).toEqual(bytes);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    "fe80::1%eth0",
    "1:2:3:4:5:6:7:8:9",
    "1::2::3",
    "12345::",
    "::ffff:1.2.3.256",
    "g::1",
    ":::",
    "1:2:3:4:5:6:7",
  ])("rule 7: %s is not an IPv6 address", (text) => {
    expect(parseIPv6(text)).toBeNull();
  });
});

describe("rule 7: the range table agrees with ipaddr.js", () => {
  it("rule 7: an IPv4 address is refused exactly when ipaddr.js does not call it globally reachable", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 4, maxLength: 4 }), (raw) => {
        const bytes = Array.from(raw);
        const range = (ipaddr.fromByteArray(bytes) as ipaddr.IPv4).range();
        expect(classifyAddress(bytes) === null).toBe(GLOBAL_V4.has(range));
      }),
      { numRuns: 20000 },
    );
  });

  const PREFIXES = [
    "::",
    "::ffff:0:0",
    "64:ff9b::",
    "64:ff9b:1::",
    "100::",
    "2001::",
    "2001:db8::",
    "2002::",
    "3fff::",
    "5f00::",
    "fc00::",
    "fd00::",
    "fe80::",
    "fec0::",
    "ff00::",
    "2600::",
    "2a00::",
    "2620:4f:8000::",
    "4000::",
  ];

  it("rule 7: an IPv6 address ipaddr.js calls special is refused, and an accepted one is global unicast", () => {
    const address = fc.tuple(
      fc.constantFrom(...PREFIXES),
      fc.uint8Array({ minLength: 16, maxLength: 16 }),
      fc.integer({ min: 2, max: 15 }),
    );
    fc.assert(
      fc.property(address, ([prefix, raw, keep]) => {
        const bytes = parseIPv6(prefix) as number[];
        for (let i = keep; i < 16; i++) bytes[i] = raw[i];
        const range = (ipaddr.fromByteArray(bytes) as ipaddr.IPv6).range();
        const refused = classifyAddress(bytes) !== null;
        if (!GLOBAL_V6.has(range)) expect(refused).toBe(true);
        if (!refused) expect((bytes[0] & 0xe0) === 0x20 && GLOBAL_V6.has(range)).toBe(true);
      }),
      { numRuns: 20000 },
    );
  });

  it.each(BLOCKED_RANGES.filter((r) => r.cidr.includes("/")).map((r) => [r.cidr, r.name] as const))(
    "rule 7: %s (%s) is a valid CIDR whose base address is refused",
    (cidr) => {
      const [base] = ipaddr.parseCIDR(cidr);
      expect(classifyAddress(base.toByteArray())).not.toBeNull();
    },
  );
});
