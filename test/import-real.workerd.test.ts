/**
 * Real `_redirects` files (fixtures/import/redirects-astro-docs and redirects-mui-x, each
 * SOURCE.md naming its repository, commit and license) imported into an instance that compares
 * paths as Cloudflare does (case-sensitive, `trailing_slash: strict`), built and served in
 * workerd. Paths around every line (placeholders filled with sample values and with the literal
 * segments other rules hold at their place, splats empty and deep, each with and without a
 * trailing slash) are asked of workerd and of Cloudflare's documented matcher
 * (test/import/redirects-reference.ts). Each answer is the same, or the importer said why on the
 * line concerned; and every imported line answers some path exactly as the platform does.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, REFERENCE_CASES, ROUNDTRIP_REDIRECTS } from "./import/cloudflare-reference.js";
import {
  cloudflareAnswer,
  cloudflareRules,
  type CloudflareRule,
} from "./import/redirects-reference.js";
import { roundTrip, type RoundTrip } from "./import/roundtrip.js";

const FIXTURES = join(import.meta.dirname, "..", "fixtures", "import");
const VALUES = ["en", "zh-cn"];
const FILLS = ["", "a", "a/b"];

/** The probe paths of a file's rules (see the file comment). */
function probes(rules: readonly CloudflareRule[]): string[] {
  const literals = new Map<number, Set<string>>();
  for (const { from } of rules)
    from.split("/").forEach((segment, at) => {
      if (segment !== "" && !segment.includes("*") && !segment.startsWith(":"))
        literals.set(at, (literals.get(at) ?? new Set()).add(segment));
    });
  const paths = new Set<string>();
  const add = (path: string) => {
    const withSplat = path.includes("*") ? FILLS.map((f) => path.replace("*", f)) : [path];
    for (const p of withSplat) {
      paths.add(p);
      if (p !== "/") paths.add(p.endsWith("/") ? p.slice(0, -1) : `${p}/`);
    }
  };
  for (const { from } of rules) {
    const segments = from.split("/");
    for (const value of VALUES) add(from.replace(/:[A-Za-z]\w*/g, value));
    segments.forEach((segment, at) => {
      if (!/^:[A-Za-z]\w*$/.test(segment)) return;
      for (const literal of literals.get(at) ?? [])
        add(
          segments
            .map((s, i) => (i === at ? literal : s))
            .join("/")
            .replace(/:[A-Za-z]\w*/g, VALUES[0]),
        );
    });
  }
  return [...paths].sort();
}

/**
 * The lines each file holds that no link can express, and why: the site's root, a 200 rewrite or
 * 404 page (not redirects), a placeholder sharing its segment with text (`/:lang:/…`).
 */
const NOT_EXPRESSIBLE: Record<string, number[]> = {
  "redirects-astro-docs": [33, 34, 35, 55, 58],
  "redirects-mui-x": [1, 21, 22, 23],
};

describe.each(Object.keys(NOT_EXPRESSIBLE))("%s", (fixture) => {
  const text = readFileSync(join(FIXTURES, fixture, "_redirects"), "utf8");
  const rules = cloudflareRules(text);
  let trip: RoundTrip;
  const sameLines = new Set<number>();
  const answeredLines = new Set<number>();

  beforeAll(async () => {
    trip = await roundTrip({ instance: "instance-strict", redirects: text, origin: ORIGIN });
  }, 180_000);
  afterAll(async () => {
    await trip?.dispose();
  });

  it("every line but those no link can express is imported", () => {
    const lines = rules.map((r) => r.line).concat(NOT_EXPRESSIBLE[fixture]);
    const expressible = [...new Set(lines)].filter((l) => !NOT_EXPRESSIBLE[fixture].includes(l));
    expect([...trip.imported].sort((a, b) => a - b)).toEqual(expressible.sort((a, b) => a - b));
  });

  it("every path answers as Cloudflare's documented matcher does, or the importer says why", async () => {
    const unexplained: string[] = [];
    const paths = probes(rules);
    let sameCount = 0;
    for (const path of paths) {
      const reference = cloudflareAnswer(rules, path, ORIGIN);
      const expected = reference ?? { status: 404 };
      const served = await trip.serve(path);
      const same = served.status === expected.status && served.location === reference?.location;
      if (reference) answeredLines.add(reference.line);
      if (same && reference) sameLines.add(reference.line);
      if (same) sameCount++;
      if (!same && !(await trip.explained(path, reference?.line ?? null)))
        unexplained.push(
          `${path}: Cloudflare ${JSON.stringify(expected)}, shortlinks ${JSON.stringify(served)}`,
        );
    }
    expect(unexplained).toEqual([]);
    // Most answers are the platform's own, not only explained (see each file's expected.txt).
    expect(sameCount).toBeGreaterThan(paths.length / 2);
  }, 120_000);

  it("every imported line answers some path exactly as the platform does", () => {
    const imported = [...trip.imported].filter((line) => answeredLines.has(line));
    expect(imported.length).toBeGreaterThan(10);
    expect(imported.filter((line) => !sameLines.has(line))).toEqual([]);
  });
});

describe("the reference matcher agrees with the documented cases", () => {
  const rules = cloudflareRules(ROUNDTRIP_REDIRECTS);
  it.each(REFERENCE_CASES.map((c) => [c.path, c] as const))("%s", (_path, c) => {
    const answer = cloudflareAnswer(rules, c.path, ORIGIN);
    if (c.line === null) expect(answer).toBeNull();
    else
      expect(answer).toEqual({
        line: c.line,
        status: c.status,
        ...(c.location ? { location: new URL(c.location).href } : {}),
      });
  });
});
