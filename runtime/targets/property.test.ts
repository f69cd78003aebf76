/**
 * Property: whatever string is thrown at it, a target the module accepts is, after WHATWG
 * parsing, an http(s) URL without userinfo whose host is neither a refused address (judged by
 * ipaddr.js), nor a local name, nor a listed host, and whose path carries no blocked extension.
 */
import fc from "fast-check";
import ipaddr from "ipaddr.js";
import { describe, expect, it } from "vitest";
import { CASE_POLICY } from "../../test/cases/targets.js";
import type { TargetAllowance } from "../contract/index.js";
import { checkTarget, expandSplat, type TargetMemo } from "./index.js";

const GLOBAL = new Set(["unicast", "as112", "amt", "as112v6"]);
const EXTENSION = /\.(exe|scr|bat|cmd|msi|ps1|vbs|jar)[.\s]*$/i;
const LISTED = [
  ...CASE_POLICY.shorteners,
  ...CASE_POLICY.lure_domains,
  ...CASE_POLICY.blocked_hosts,
];

const byte = fc.integer({ min: 0, max: 255 });
const ipv4 = fc
  .tuple(byte, byte, byte, byte, fc.integer({ min: 0, max: 3 }))
  .map(([a, b, c, d, style]) => {
    const value = ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
    return [
      `${a}.${b}.${c}.${d}`,
      String(value),
      "0x" + value.toString(16),
      `${a}.${(b << 16) + (c << 8) + d}`,
      `0${a.toString(8)}.${b}.${c}.${d}`,
    ][style];
  });
const ipv6 = fc
  .tuple(
    fc.constantFrom(
      "::",
      "::ffff:",
      "fe80::",
      "fc00::",
      "2001:db8::",
      "2606:4700::",
      "64:ff9b::",
      "2002:",
      "ff02::",
      "2620:4f:8000::",
    ),
    ipv4,
  )
  .map(([prefix, v4]) => {
    const tail = /^\d+\.\d+\.\d+\.\d+$/.test(v4) ? v4 : "1";
    return `[${prefix}${prefix.endsWith(":") && !prefix.endsWith("::") ? "0::" : ""}${tail}]`;
  });
const label = fc.constantFrom(
  "localhost",
  "local",
  "LOCALHOST",
  "%6c%6fcalhost",
  "example",
  "com",
  "bit",
  "ly",
  "t",
  "co",
  "internal",
  "corp",
  "lan",
  "wiki",
  "nip",
  "io",
  "127",
  "0x7f",
  "1",
  "home",
  "arpa",
  "org",
  "münchen",
  "de",
  "xn--mnchen-3ya",
  "lvh",
  "me",
  "www",
  "tinyurl",
  "\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54",
);
/** Random label soup, or a listed host (upper-cased or not) below a random subdomain. */
const listedName = fc
  .tuple(fc.array(label, { maxLength: 2 }), fc.constantFrom(...LISTED), fc.boolean())
  .map(([sub, entry, upper]) => [...sub, upper ? entry.toUpperCase() : entry].join("."));
const name = fc
  .tuple(
    fc.oneof(
      fc.array(label, { minLength: 1, maxLength: 4 }).map((ls) => ls.join(".")),
      listedName,
    ),
    fc.constantFrom("", ".", ".."),
  )
  .map(([n, dot]) => n + dot);
const host = fc.oneof(ipv4, ipv6, name);
/** Mostly plausible parts, sometimes a hostile one, so that both verdicts occur often. */
const mostly = <T>(usual: fc.Arbitrary<T>, rare: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: usual, weight: 4 }, { arbitrary: rare, weight: 1 });
const scheme = mostly(
  fc.constantFrom("http", "https", "HTTP", "hTTps"),
  fc.constantFrom("javascript", "data", "file", "ftp", "blob", "ws", ""),
);
const separator = mostly(
  fc.constant("://"),
  fc.constantFrom(":", ":/", ":\\\\", ":///", "://\\", "//"),
);
const userinfo = mostly(
  fc.constant(""),
  fc.constantFrom("user@", "u:p@", "@", ":@", "%40@", "a@b@"),
);
const port = fc.option(fc.integer({ min: 0, max: 70000 }), { nil: undefined });
const segment = fc.constantFrom(
  "a",
  "setup.exe",
  "SETUP.EXE",
  "x.jar",
  "file.pdf",
  "%2e%2e",
  "setup%2Eexe",
  "setup%252eexe",
  "doc",
  "a.b",
  "run.bat.",
  "..",
  ".",
  "%00",
  "t.msi;x",
  "x.exe%20",
  "ok.exe.txt",
  "%",
  "a\tb",
  "é",
);
const path = fc
  .tuple(fc.array(segment, { maxLength: 4 }), fc.constantFrom("/", "\\"))
  .map(([segments, joiner]) => (segments.length ? "/" + segments.join(joiner) : ""));
const tail = fc.constantFrom("", "?q=1", "?f=setup.exe", "#frag", "#x.exe", "?a=http://127.0.0.1/");
const target = fc
  .tuple(scheme, separator, userinfo, host, port, path, tail)
  .map(
    ([s, sep, u, h, p, pa, t]) =>
      `${s}${s ? sep : "//"}${u}${h}${p === undefined ? "" : ":" + p}${pa}${t}`,
  );

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Independent oracle: what a browser would reach, judged without the module's own helpers. */
function assertReachable(href: string): void {
  const url = new URL(href);
  expect(["http:", "https:"]).toContain(url.protocol);
  expect(url.username + url.password).toBe("");
  const bare = url.hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.IPv4.isValidFourPartDecimal(bare) || ipaddr.IPv6.isValid(bare)) {
    expect(GLOBAL.has(ipaddr.parse(bare).range())).toBe(true);
  } else {
    const hostName = bare.replace(/\.+$/, "");
    expect(hostName).toContain(".");
    expect(hostName).not.toMatch(/(^|\.)(localhost|local)$/);
    for (const entry of LISTED)
      expect(hostName === entry || hostName.endsWith("." + entry)).toBe(false);
  }
  for (const part of url.pathname.split("/"))
    expect(decodeSegment(decodeSegment(part))).not.toMatch(EXTENSION);
}

describe("property: accepted targets are safe after WHATWG parsing", () => {
  it("rules 1-10: no accepted target reaches a refused scheme, credentials, address, host or extension", () => {
    let accepted = 0;
    fc.assert(
      fc.property(target, (raw) => {
        const verdict = checkTarget(raw, CASE_POLICY);
        if (!verdict.ok) return;
        accepted++;
        assertReachable(verdict.url);
        expect(checkTarget(verdict.url, CASE_POLICY)).toEqual(verdict);
      }),
      { numRuns: 5000 },
    );
    expect(accepted).toBeGreaterThan(100);
  });

  it("a host's verdict kept for later targets gives every target the verdict it gets alone", () => {
    const allowance = fc.option(
      fc.constantFrom<TargetAllowance>(
        { rules: ["SL206"], reason: "lab" },
        { rules: ["SL207"], reason: "lab" },
        { rules: ["SL206", "SL207"], reason: "lab" },
      ),
      { nil: undefined },
    );
    let kept = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(target, allowance), { maxLength: 12 }), (targets) => {
        const memo: TargetMemo = { hosts: new Map(), parse: () => undefined };
        for (const [raw, allow] of [...targets, ...targets])
          expect(checkTarget(raw, CASE_POLICY, allow, undefined, memo)).toEqual(
            checkTarget(raw, CASE_POLICY, allow),
          );
        kept += memo.hosts.size;
      }),
      { numRuns: 1000 },
    );
    expect(kept).toBeGreaterThan(200);
  });

  it("rule 11: no splat expansion of an accepted template escapes the rules either", () => {
    const remainder = fc.array(fc.oneof(segment, fc.string({ maxLength: 8 })), { maxLength: 4 });
    const template = fc.constantFrom(
      "https://example.com/:splat",
      "https://example.com/docs",
      "https://example.com/s?q=:splat",
      "https://example.com/a/:splat/b",
    );
    fc.assert(
      fc.property(template, remainder, (t, r) => {
        const expanded = expandSplat(t, r);
        if (!expanded.ok) return;
        const verdict = checkTarget(expanded.url, CASE_POLICY);
        if (!verdict.ok) return;
        assertReachable(verdict.url);
        expect(new URL(verdict.url).host).toBe("example.com");
      }),
      { numRuns: 3000 },
    );
  });

  /** Any text a visitor may send as one segment (dot segments and controls are refused first). */
  const visitorSegment = fc.oneof(
    segment,
    fc.string({ maxLength: 8, unit: "binary" }),
    fc.string({ maxLength: 8, unit: fc.constantFrom(..."+:;=@!$&'()*,/?#%\\ [].~é€😀") }),
  );
  const visitorRemainder = fc.array(visitorSegment, { minLength: 1, maxLength: 4 });

  it("rule 11: in a path the remainder adds exactly its own segments, each decoding back", () => {
    let expandedCount = 0;
    fc.assert(
      fc.property(visitorRemainder, (r) => {
        const expanded = expandSplat("https://example.com/a/:splat/b?k=1", r);
        if (!expanded.ok) return;
        expandedCount++;
        const url = new URL(expanded.url);
        expect(url.host).toBe("example.com");
        expect([...url.searchParams.keys()]).toEqual(["k"]);
        expect(url.hash).toBe("");
        const segments = url.pathname.split("/").slice(1);
        expect(segments).toHaveLength(r.length + 2);
        expect(segments.slice(1, -1).map((s) => decodeURIComponent(s))).toEqual(r);
      }),
      { numRuns: 2000 },
    );
    expect(expandedCount).toBeGreaterThan(500);
  });

  it("rule 11: in a query the remainder is one value: no new key, no fragment, no new segment", () => {
    fc.assert(
      fc.property(visitorRemainder, (r) => {
        const expanded = expandSplat("https://example.com/s?q=:splat&k=1", r);
        if (!expanded.ok) return;
        const url = new URL(expanded.url);
        expect(url.pathname).toBe("/s");
        expect(url.hash).toBe("");
        expect([...url.searchParams.keys()]).toEqual(["q", "k"]);
        expect(url.searchParams.get("q")).toBe(r.join("/"));
      }),
      { numRuns: 2000 },
    );
  });
});
