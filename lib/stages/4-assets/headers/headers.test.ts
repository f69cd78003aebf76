import { describe, expect, it } from "vitest";
import { checkOverrides, mandatoryReferences } from "./check-overrides.js";
import { htmlServedPaths, SANDBOXED_CSP } from "./csp.js";
import { applyRules, matchesPattern } from "./match-pattern.js";
import { parseHeaders, renderHeaders } from "./parse-headers.js";

const GENERATOR = "shortlinks/test";
const BASE = parseHeaders(
  [
    "/*",
    `  X-Generated-By: ${GENERATOR}`,
    "  X-Robots-Tag: noindex, nofollow",
    "  Strict-Transport-Security: max-age=31536000",
    "  Content-Security-Policy: default-src 'self'; base-uri 'self'; frame-ancestors 'none'",
    "/links.json",
    "  Cache-Control: no-store",
  ].join("\n"),
  "defaults/_headers",
).rules;

const custom = (text: string) => parseHeaders(text, "custom/public/_headers").rules;

describe("_headers", () => {
  it("parses path lines, set lines and detach lines, and renders them back", () => {
    const text = "# c\n/a/*\n  ! X-Old\n  X-New: 1\n  X-New: 2\n\n/b\n  Cache-Control: no-store\n";
    const { rules, diagnostics } = parseHeaders(text, "f");
    expect(diagnostics).toEqual([]);
    expect(rules.map(({ pattern, set, unset }) => ({ pattern, set, unset }))).toEqual([
      { pattern: "/a/*", set: { "X-New": "1, 2" }, unset: ["X-Old"] },
      { pattern: "/b", set: { "Cache-Control": "no-store" }, unset: [] },
    ]);
    expect(parseHeaders(renderHeaders(rules), "f").rules.map((r) => r.set)).toEqual(
      rules.map((r) => r.set),
    );
  });

  it.each([
    ["/*", "/anything/at/all", true],
    ["/lookup/*", "/lookup/resolve", true],
    ["/lookup/*", "/lookup", false],
    ["/*/_stats/*", "/en/_stats/api/links.json", true],
    ["/:lang/_tests/", "/fr/_tests/", true],
    ["/:lang/_tests/", "/fr/x/_tests/", false],
    ["/links.json", "/links.json", true],
    ["/links.json", "/links0json", false],
    ["https://go.example.org/a", "/a", true],
  ])("pattern %s matches %s: %s", (pattern, path, expected) => {
    expect(matchesPattern(pattern, path)).toBe(expected);
  });

  it("rules apply in order: detach removes, several sets join with a comma", () => {
    const rules = [...BASE, ...custom("/*\n  X-Robots-Tag: noarchive\n/x\n  ! X-Robots-Tag\n")];
    expect(applyRules(rules, "/y").get("x-robots-tag")).toBe("noindex, nofollow, noarchive");
    expect(applyRules(rules, "/x").has("x-robots-tag")).toBe(false);
  });

  it("custom HTML answers on its file path and its pretty paths", () => {
    expect(htmlServedPaths("/hello.html")).toEqual(["/hello.html", "/hello"]);
    expect(htmlServedPaths("/docs/index.html")).toEqual([
      "/docs/index.html",
      "/docs/",
      "/docs",
      "/docs/index",
    ]);
    expect(SANDBOXED_CSP).toContain(
      "sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads;",
    );
    expect(SANDBOXED_CSP).not.toContain("allow-same-origin");
  });

  const references = mandatoryReferences(BASE).values;
  /** The 1-based line of the last header line naming `header`: where the rule leaves its value. */
  const lastLineNaming = (text: string, header: string) =>
    text.split("\n").reduce((at, line, i) => (line.toLowerCase().includes(header) ? i + 1 : at), 0);
  const check = (text: string, publicDisclosure?: string) =>
    checkOverrides({ custom: custom(text), references, publicDisclosure });

  it.each([
    ["dropping the CSP", "/*\n  ! Content-Security-Policy\n", "content-security-policy"],
    [
      "a CSP without base-uri replacing the default",
      "/*\n  ! Content-Security-Policy\n  Content-Security-Policy: frame-ancestors 'none'\n",
      "content-security-policy",
    ],
    [
      "a repeated frame-ancestors whose first occurrence allows framing",
      "/x\n  ! Content-Security-Policy\n  Content-Security-Policy: frame-ancestors *; frame-ancestors 'none'; base-uri 'self'\n",
      "content-security-policy",
    ],
    [
      "HSTS extended to subdomains",
      "/*\n  ! Strict-Transport-Security\n  Strict-Transport-Security: max-age=31536000; includeSubDomains\n",
      "strict-transport-security",
    ],
    [
      "a second HSTS value with preload",
      "/*\n  Strict-Transport-Security: preload\n",
      "strict-transport-security",
    ],
    [
      "HSTS shortened",
      "/*\n  ! Strict-Transport-Security\n  Strict-Transport-Security: max-age=60\n",
      "strict-transport-security",
    ],
    [
      "the generator identity replaced",
      "/*\n  ! X-Generated-By\n  X-Generated-By: other\n",
      "x-generated-by",
    ],
    ["no-index dropped", "/*\n  ! X-Robots-Tag\n", "x-robots-tag"],
    ["no-index dropped on a private file", "/links.json\n  ! X-Robots-Tag\n", "x-robots-tag"],
  ])(
    "SL402: %s is an error at the header's line, public_disclosure or not",
    (_name, text, header) => {
      for (const disclosure of [undefined, "open data"]) {
        const found = check(text, disclosure);
        expect(found.map((d) => [d.code, d.severity, d.line])).toContainEqual([
          "SL402",
          "error",
          lastLineNaming(text, header),
        ]);
        expect(found.map((d) => d.message).join("\n")).toContain(header);
      }
    },
  );

  it("SL402: a raw runtime file made cacheable is an error, a warning with public_disclosure", () => {
    const text = "/links.json\n  ! Cache-Control\n  Cache-Control: public\n";
    expect(check(text).map((d) => [d.code, d.severity, d.line])).toEqual([["SL402", "error", 3]]);
    expect(check(text, "open data").map((d) => [d.code, d.severity])).toEqual([
      ["SL402", "warning"],
    ]);
  });

  it.each([
    ["adding a header", "/*\n  X-Extra: 1\n"],
    ["adding a stricter second CSP", "/*\n  Content-Security-Policy: img-src 'none'\n"],
    ["adding a no-index token", "/*\n  X-Robots-Tag: noarchive\n"],
    [
      "a custom CSP that keeps the mandatory directives",
      "/x\n  ! Content-Security-Policy\n  Content-Security-Policy: default-src https:; base-uri 'self'; frame-ancestors 'none'\n",
    ],
    [
      "a longer HSTS",
      "/*\n  ! Strict-Transport-Security\n  Strict-Transport-Security: max-age=63072000\n",
    ],
    ["a private file kept no-store", "/links.json\n  Cache-Control: private\n"],
  ])("SL402 is not raised for %s", (_name, text) => {
    expect(check(text)).toEqual([]);
  });

  it.each([
    ["header before a path", "  X-A: 1\n"],
    ["no colon", "/a\n  Broken\n"],
    ["path without slash", "a\n  X-A: 1\n"],
    ["bad detach", "/a\n  ! bad name\n"],
  ])("SL401: %s", (_name, text) => {
    expect(parseHeaders(text, "f").diagnostics.map((d) => d.code)).toEqual(["SL401"]);
  });
});
