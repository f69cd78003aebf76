/**
 * The mandatory controls on every response class: a custom `_headers` rule that would remove or
 * weaken one fails the build (SL402, naming the rule's line), and whatever the rules say, the
 * served response keeps every control (the worker applies them last).
 */
import { describe, expect, it } from "vitest";
import { parseHeaders } from "../lib/stages/4-assets/headers/parse-headers.js";
import { answerClasses, CLASS_REQUESTS, serveWithCustomHeaders } from "./support/header-classes.js";

/** What each control must look like on a served response (the product defaults). */
const KEEPS: Record<string, (value: string | null) => boolean> = {
  "x-generated-by": (v) => v !== null && /^shortlinks\/[^,]+$/.test(v),
  "x-robots-tag": (v) => v !== null && /\bnoindex\b/.test(v) && /\bnofollow\b/.test(v),
  "strict-transport-security": (v) => v === "max-age=31536000",
  "x-content-type-options": (v) => v === "nosniff",
  "x-frame-options": (v) => v === "DENY",
  "referrer-policy": (v) => v === "strict-origin-when-cross-origin",
  "permissions-policy": (v) => v !== null && /camera=\(\)/.test(v) && !/\*/.test(v),
  "content-security-policy": (v) =>
    v !== null && /frame-ancestors 'none'/.test(v) && /base-uri 'self'/.test(v),
};

/** The issue's findings: rules on /gh/*, /docs, /de/* or /* that drop or widen a control. */
const WEAKENING: [string, string][] = [
  ["/gh/*", "! Content-Security-Policy"],
  ["/docs", "! X-Frame-Options"],
  ["/de/*", "! Content-Security-Policy\n  ! X-Frame-Options"],
  ["/*", "! X-Content-Type-Options"],
  ["/*", "! Referrer-Policy"],
  ["/*", "! Permissions-Policy"],
  ["/*", "! X-Robots-Tag"],
  [
    "/*",
    "! Strict-Transport-Security\n  Strict-Transport-Security: max-age=31536000; includeSubDomains; preload",
  ],
  ["/*", "X-Frame-Options: SAMEORIGIN"],
  ["/*", "Referrer-Policy: unsafe-url"],
  ["/*", "Permissions-Policy: camera=*"],
  ["/lookup", "! Content-Security-Policy\n  Content-Security-Policy: default-src *"],
  [
    "/hello.html",
    "! Content-Security-Policy\n  Content-Security-Policy: frame-ancestors *; base-uri 'self'",
  ],
  ["/en/_stats/*", "! X-Generated-By"],
  ["/*", "X-Robots-Tag: all\n  ! X-Robots-Tag"],
];

describe("mandatory controls: a custom rule cannot drop or weaken one", () => {
  it.each(WEAKENING)(
    "SL402: %s with %j fails the build at the rule's line",
    async (pattern, lines) => {
      const text = `# custom\n${pattern}\n  ${lines}\n`;
      const { diagnostics } = await serveWithCustomHeaders(text);
      const found = diagnostics.filter((d) => d.code === "SL402" && d.severity === "error");
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((d) => d.file === "custom/public/_headers" && d.line >= 3)).toBe(true);
    },
  );
});

/**
 * The instance with one benign custom rule, compiled once for the file: the tests below read its
 * answers and data and never change them, so compiling it again for each one would check nothing
 * more.
 */
let benign: ReturnType<typeof serveWithCustomHeaders> | undefined;
const benignInstance = () => (benign ??= serveWithCustomHeaders("/*\n  X-Extra: 1\n"));

describe("mandatory controls on every response class", () => {
  it.each(CLASS_REQUESTS.map((c) => [c.name]))("%s carries every control", async (name) => {
    const { answers } = await benignInstance();
    const headers = answers.get(name) as Headers;
    const broken = Object.entries(KEEPS)
      .filter(([header, keeps]) => !keeps(headers.get(header)))
      .map(([header]) => `${header}: ${headers.get(header)}`);
    expect(broken).toEqual([]);
  });
});

describe("mandatory controls survive rules that never went through check", () => {
  // A site config edited by hand, or written by an older compiler: the worker alone holds the line.
  it.each(WEAKENING)("%s with %j: every class keeps every control", async (pattern, lines) => {
    const { data } = await benignInstance();
    if (!data) throw new Error("the benign instance did not build");
    const forced = parseHeaders(`${pattern}\n  ${lines}\n`, "custom/public/_headers").rules;
    const site = { ...data.site, header_rules: [...data.site.header_rules, ...forced] };
    const answers = await answerClasses({ ...data, site }, data.assets);
    const broken = [...answers].flatMap(([name, headers]) =>
      Object.entries(KEEPS)
        .filter(([header, keeps]) => !keeps(headers.get(header)))
        .map(([header]) => `${name}: ${header}: ${headers.get(header)}`),
    );
    expect(broken).toEqual([]);
  });
});
