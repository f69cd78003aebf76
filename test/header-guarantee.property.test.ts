/**
 * Property test of the header guarantee: for generated custom `_headers` files and every response
 * class, each mandatory control is present and unweakened on the served response (through the
 * worker's own code), and `check` reports SL402 whenever the rules alone would have weakened one.
 * Then a sample, forced past check into a built bundle, runs in workerd.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  composeRules,
  type ComposedHeaders,
} from "../lib/stages/4-assets/headers/compose-headers.js";
import { applyRules } from "../lib/stages/4-assets/headers/match-pattern.js";
import { packageRoot } from "../lib/shared/paths.js";
import { MANDATORY_CONTROLS } from "../runtime/http/mandatory.js";
import type { RuntimeData } from "../runtime/registry/store.js";
import { buildInstance } from "./support/build-instance.js";
import { answerClasses, CLASS_REQUESTS, serveWithCustomHeaders } from "./support/header-classes.js";
import { startWorkerd } from "./engine/workerd.js";
import { CASE_INSTANCE } from "./support/build-instance.js";

type Op = "unset" | "set" | "replace";

/** Values per header: ones that keep the control and ones that do not (depending on the op). */
const VALUES: Record<string, string[]> = {
  "X-Generated-By": ["{generator}", "other", "shortlinks/0.0.0"],
  "X-Robots-Tag": ["noarchive", "noindex, nofollow", "none", "all", "index, follow", "noindex"],
  "Strict-Transport-Security": [
    "max-age=31536000",
    "max-age=63072000",
    "max-age=0",
    "max-age=60",
    "max-age=31536000; includeSubDomains",
    "max-age=63072000; includeSubDomains; preload",
  ],
  "X-Content-Type-Options": ["nosniff", "sniff", "none"],
  "X-Frame-Options": ["DENY", "SAMEORIGIN", "ALLOWALL", "ALLOW-FROM https://evil.example"],
  "Referrer-Policy": [
    "no-referrer",
    "same-origin",
    "strict-origin",
    "strict-origin-when-cross-origin",
    "unsafe-url",
    "origin",
    "no-referrer-when-downgrade",
    "origin-when-cross-origin",
  ],
  "Permissions-Policy": [
    "fullscreen=()",
    "fullscreen=(self)",
    "camera=()",
    "camera=*",
    'geolocation=(self "https://evil.example")',
    "fullscreen=*",
    "usb=(self)",
  ],
  "Content-Security-Policy": [
    "upgrade-insecure-requests",
    "default-src 'self'; frame-ancestors 'none'; base-uri 'self'",
    "frame-ancestors 'none'; base-uri 'none'",
    "default-src *",
    "frame-ancestors *; base-uri 'self'",
    "frame-ancestors 'self'; base-uri 'self'",
    "base-uri *; frame-ancestors 'none'",
    "frame-ancestors *; frame-ancestors 'none'; base-uri 'self'",
  ],
  "Cache-Control": ["public, max-age=3600", "no-store"],
  "X-Extra": ["1"],
};
const HEADERS = Object.keys(VALUES);

/** Patterns reaching every response class, broad and narrow. */
const PATTERNS = [
  "/*",
  "/gh/*",
  "/docs",
  "/de/*",
  "/de/abfrage",
  "/lookup",
  "/lookup/*",
  "/fr/*",
  "/:lang/consultation",
  "/hello.html",
  "/hello",
  "/guide/*",
  "/*.html",
  "/*.htm",
  "/robots.txt",
  "/*/_stats/*",
  "/en/_stats/*",
  "/*/_tests/*",
  "/links.json",
  "/paused",
  "/:slug",
  "/_analytics/*",
  "https://links.example.com/*",
];

interface Line {
  op: Op;
  header: string;
  value: string;
  shout: boolean;
}
const line: fc.Arbitrary<Line> = fc
  .tuple(
    fc.constantFrom<Op>("unset", "set", "replace"),
    fc.constantFrom(...HEADERS),
    fc.nat(),
    fc.boolean(),
  )
  .map(([op, header, n, shout]) => ({
    op,
    header,
    value: VALUES[header][n % VALUES[header].length],
    shout,
  }));
const rule = fc.record({
  pattern: fc.constantFrom(...PATTERNS),
  lines: fc.array(line, { minLength: 1, maxLength: 4 }),
});
const file = fc.record({
  rules: fc.array(rule, { minLength: 1, maxLength: 4 }),
  disclosure: fc.boolean(),
});
type File = typeof file extends fc.Arbitrary<infer T> ? T : never;

function render(f: File, generator: string): string {
  return f.rules
    .map((r) => {
      const out = [r.pattern];
      for (const l of r.lines) {
        const name = l.shout ? l.header.toUpperCase() : l.header;
        const value = l.value.replace("{generator}", generator);
        if (l.op !== "set") out.push(`  ! ${name}`);
        if (l.op !== "unset") out.push(`  ${name}: ${value}`);
      }
      return out.join("\n");
    })
    .join("\n\n");
}

/** Controls a served header set breaks, as `header: value`. */
function broken(headers: Headers, references: Record<string, string>): string[] {
  return MANDATORY_CONTROLS.filter(
    (c) => !c.holds(headers.get(c.header) ?? undefined, references[c.header]),
  ).map((c) => `${c.header}: ${headers.get(c.header)}`);
}

let data: RuntimeData;
let defaultsText: string;
let customHtml: string[];

beforeAll(async () => {
  const served = await serveWithCustomHeaders("/*\n  X-Extra: 1\n");
  if (!served.data) throw new Error("the benign instance did not build");
  data = served.data;
  defaultsText = await readFile(join(packageRoot(), "defaults/_headers"), "utf8");
  customHtml = data.site.static_paths.filter(
    (p) => /\.html?$/.test(p) && !p.startsWith("/assets/"),
  );
});

function compose(f: File): ComposedHeaders {
  return composeRules({
    defaultsText,
    customText: render(f, data.site.generator),
    generator: data.site.generator,
    site: {
      code_host_api: data.site.code_host_api,
      ...(f.disclosure ? { public_disclosure: "open data" } : {}),
    },
    customHtml,
  });
}

/** Paths the rules are matched on: each class's request path and each static file's own path. */
const MATCHED_PATHS = () => [
  ...CLASS_REQUESTS.map((c) => new URL(c.path, "https://x.example").pathname),
  ...data.site.static_paths,
];

const RUNS = 120;
const exercised = new Map<string, Set<boolean>>();

describe("header guarantee (property)", () => {
  it(`${RUNS} generated custom _headers files: every class keeps every control; check catches every weakening`, async () => {
    await fc.assert(
      fc.asyncProperty(file, async (f) => {
        const composed = compose(f);
        const errors = composed.diagnostics.filter(
          (d) => d.code === "SL402" && d.severity === "error",
        );
        for (const r of f.rules)
          for (const l of r.lines) {
            const key = `${l.op} ${l.header}`;
            const flagged = errors.some((d) => d.message.includes(`"${r.pattern}"`));
            exercised.set(key, (exercised.get(key) ?? new Set()).add(flagged));
          }
        const references = composed.mandatory;
        // Soundness of check: if the rules alone leave a weak control anywhere, SL402 is an error.
        const weakRaw = MATCHED_PATHS().some((path) => {
          const raw = applyRules(composed.rules, path);
          return MANDATORY_CONTROLS.some((c) => !c.holds(raw.get(c.header), references[c.header]));
        });
        if (weakRaw) expect(errors.length).toBeGreaterThan(0);
        // The worker: whatever the rules, every class answers with every control.
        const site = { ...data.site, header_rules: composed.rules, mandatory_headers: references };
        const answers = await answerClasses({ ...data, site }, data.assets);
        for (const [name, headers] of answers)
          expect(broken(headers, references), `${name}\n${render(f, "G")}`).toEqual([]);
      }),
      { numRuns: RUNS, seed: 20260616 },
    );
    // The generated files tried every shape (op x header), and each control was both accepted
    // and refused, so neither side of the check is vacuous.
    expect(exercised.size).toBe(3 * HEADERS.length);
    for (const control of MANDATORY_CONTROLS) {
      const outcomes = ["unset", "set", "replace"].flatMap((op) => [
        ...(exercised.get(`${op} ${HEADERS.find((h) => h.toLowerCase() === control.header)}`) ??
          []),
      ]);
      expect(new Set(outcomes), control.header).toEqual(new Set([true, false]));
    }
  });
});

describe("header guarantee in workerd (a sample forced past check)", () => {
  let built: { out: string };
  beforeAll(async () => {
    built = await buildInstance(CASE_INSTANCE);
  }, 120_000);
  afterAll(() => undefined);

  const samples = fc.sample(file, { numRuns: 2, seed: 7 });
  const weakest: File = {
    disclosure: false,
    rules: ["/*", "/de/*", "/hello.html"].map((pattern) => ({
      pattern,
      lines: HEADERS.slice(0, 8).map((header) => ({
        op: "replace" as Op,
        header,
        value: VALUES[header][VALUES[header].length - 1],
        shout: false,
      })),
    })),
  };

  it.each([...samples, weakest].map((f, i) => [i, f] as const))(
    "sample %i: every class keeps every control in workerd",
    async (_i, f) => {
      const composed = compose(f);
      const configPath = join(built.out, "assets/links-site-config.json");
      const config = JSON.parse(await readFile(configPath, "utf8"));
      config.header_rules = composed.rules;
      config.mandatory_headers = composed.mandatory;
      await writeFile(configPath, JSON.stringify(config));
      await writeFile(join(built.out, "assets/_headers"), composed.text);
      const workerd = await startWorkerd(built.out);
      try {
        const problems: string[] = [];
        for (const c of CLASS_REQUESTS) {
          const response = await workerd.fetch(c.path, {
            method: c.method,
            headers: c.headers,
            body: c.body,
          });
          for (const b of broken(response.headers, composed.mandatory))
            problems.push(`${c.name}: ${b}`);
        }
        expect(problems).toEqual([]);
      } finally {
        await workerd.dispose();
      }
    },
    60_000,
  );
});
