/**
 * site.yaml `trailing_slash: strict` (docs/links.md, "Trailing slashes"): `/x` and `/x/` are
 * different paths in matching, in duplicates and in the own-host loop check, and `explain` shows
 * the slash. The default, `ignore`, keeps one path for both.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExplainer, type Explainer } from "../lib/engines/explain/explain.js";
import { compileInstance } from "../lib/stages/compile.js";
import { tinyInstance } from "./support/tiny-instance.js";

const STRICT = "site_name: Test\nbase_url: https://go.example.org\ntrailing_slash: strict\n";
const LINKS = `- slug: testing
  target: https://go.example.org/testing/
  status: 301
- slug: testing/
  target: https://example.com/testing-home
- slug: testing/*
  target: https://example.com/t/:splat
- slug: issue/:id
  target: https://example.com/issue/:id
- slug: issue/:id/
  target: https://example.com/issue/:id/about
- slug: blog/*
  target: https://blog.example.com/
`;

let root: string;
let explainer: Extract<Explainer, { ok: true }>;

beforeAll(async () => {
  root = tinyInstance("shortlinks-strict-", LINKS, STRICT);
  const made = await createExplainer(root);
  if (!made.ok) throw new Error(JSON.stringify(made.diagnostics));
  explainer = made;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const answer = async (path: string) => {
  const e = await explainer.explain({ path });
  return [e.outcome.status, e.outcome.location ?? null, e.normalized];
};

describe("trailing_slash: strict", () => {
  it.each([
    ["/testing", 301, "https://go.example.org/testing/", "/testing"],
    ["/testing/", 302, "https://example.com/testing-home", "/testing/"],
    ["/testing/a", 302, "https://example.com/t/a", "/testing/a"],
    ["/testing/a/", 302, "https://example.com/t/a/", "/testing/a/"],
    ["/issue/7", 302, "https://example.com/issue/7", "/issue/7"],
    ["/issue/7/", 302, "https://example.com/issue/7/about", "/issue/7/"],
    ["/blog/", 302, "https://blog.example.com/", "/blog/"],
    ["/blog/x", 302, "https://blog.example.com/x", "/blog/x"],
    ["/blog", 404, null, "/blog"],
  ])("%s answers %s %s (normalised %s)", async (path, status, location, normalized) => {
    expect(await answer(path)).toEqual([status, location, normalized]);
  });

  it("/testing -> /testing/ is no loop: they are two links; only testing/ lies under testing/*", async () => {
    const result = await compileInstance({ root, skipBundle: true, emit: false });
    expect(result.diagnostics.map((d) => [d.code, d.line])).toEqual([["SL307", 4]]);
  });

  it("two spellings of testing/ are still one path (SL305)", async () => {
    const twice = tinyInstance(
      "shortlinks-strict-dup-",
      `${LINKS}- slug: Testing/\n  target: https://example.com/again\n`,
      STRICT,
    );
    try {
      const result = await compileInstance({ root: twice, skipBundle: true, emit: false });
      expect(result.diagnostics.map((d) => [d.code, d.line])).toEqual([
        ["SL307", 4],
        ["SL305", 14],
      ]);
    } finally {
      rmSync(twice, { recursive: true, force: true });
    }
  });
});

describe("trailing_slash: ignore (the default)", () => {
  it("/x and /x/ are one path: the trailing slash is dropped, and x -> x/ is a loop", async () => {
    const ignore = tinyInstance(
      "shortlinks-ignore-",
      "- slug: testing\n  target: https://go.example.org/testing/\n",
    );
    try {
      const result = await compileInstance({ root: ignore, skipBundle: true, emit: false });
      expect(result.diagnostics.map((d) => d.code)).toEqual(["SL316"]);
    } finally {
      rmSync(ignore, { recursive: true, force: true });
    }
  });
});
