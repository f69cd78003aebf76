import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { plainTarget, targetMemo, type OriginParts } from "./plain-target.js";
import { checkTarget } from "../../../runtime/targets/index.js";
import { CASE_POLICY } from "../../../test/cases/targets.js";

const origin = fc.oneof(
  fc.constantFrom(
    "https://example.com",
    "http://a.example.org",
    "https://1.2.3",
    "https://127.0.0.1",
    "http://0x7f.1",
    "https://xn--a.com",
    "https://xn--bcher-kva.example",
    "https://example.com.",
    "https://a..b",
    "https://-a.com",
    "https://localhost",
    "https://Example.com",
    "HTTPS://example.com",
    "https:/example.com",
    "https://user@example.com",
    "https://example.com:443",
    "ftp://example.com",
    "https://",
  ),
  fc
    .stringMatching(/^[a-z0-9.-]{1,12}$/)
    .chain((host) => fc.constantFrom(`https://${host}`, `http://${host}`)),
);
const piece = fc.constantFrom(
  "/",
  "/",
  ".",
  "..",
  "a",
  "Z",
  "0",
  "-",
  "_",
  "~",
  "?",
  "#",
  "%",
  "%2e",
  "'",
  '"',
  "\\",
  " ",
  "\t",
  "@",
  ":",
  "!",
  "(",
  "^",
  "`",
  "{",
  "|",
  "é",
  ";",
  "=",
  "&",
  "+",
  "*",
  "$",
  ",",
  "[",
);
const rest = fc.array(piece, { maxLength: 12 }).map((p) => p.join(""));

describe("a plain target's parts are the WHATWG parser's", () => {
  it("every part plainTarget gives equals new URL's, whenever it gives them", () => {
    let plain = 0;
    const origins: OriginParts = new Map();
    fc.assert(
      fc.property(origin, rest, (o, r) => {
        const target = o + r;
        const parts = plainTarget(target, origins);
        if (parts === undefined) return;
        plain++;
        const url = new URL(target);
        expect(parts).toEqual({
          protocol: url.protocol,
          username: url.username,
          password: url.password,
          hostname: url.hostname,
          pathname: url.pathname,
          search: url.search,
          href: url.href,
        });
      }),
      { numRuns: 20000 },
    );
    expect(plain).toBeGreaterThan(1000);
  });

  it("leaves to the parser what it would rewrite: dot segments, escapes, fragments, short addresses, ports", () => {
    const origins: OriginParts = new Map();
    for (const target of [
      "https://example.com/a/../b",
      "https://example.com/.",
      "https://example.com/%2e%2e/b",
      "https://example.com/a b",
      "https://example.com/a#x",
      "https://example.com/a\\b",
      "https://1.2.3/",
      "https://Example.com/",
      "https://example.com:8080/",
    ])
      expect(plainTarget(target, origins)).toBeUndefined();
    expect(plainTarget("https://example.com?q=1", origins)).toMatchObject({
      href: "https://example.com/?q=1",
      pathname: "/",
      search: "?q=1",
    });
  });

  it("checkTarget with the compiler's kept parts gives every target the verdict it gets alone", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(origin, rest), { maxLength: 8 }), (targets) => {
        const memo = targetMemo();
        for (const [o, r] of [...targets, ...targets])
          expect(checkTarget(o + r, CASE_POLICY, undefined, undefined, memo)).toEqual(
            checkTarget(o + r, CASE_POLICY),
          );
      }),
      { numRuns: 2000 },
    );
  });
});
