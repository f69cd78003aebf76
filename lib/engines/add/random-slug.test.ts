/** `add` without a slug: a random readable slug, as long as site.yaml asks, never one taken. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addLink } from "./add-link.js";
import { DEFAULT_RANDOM_SLUG_ALPHABET, DEFAULT_RANDOM_SLUG_LENGTH } from "./random-slug.js";

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

function instance(site: string, links: string, acknowledgements?: string): string {
  root = mkdtempSync(join(tmpdir(), "shortlinks-random-"));
  mkdirSync(join(root, "custom", "links"), { recursive: true });
  writeFileSync(
    join(root, "custom", "site.yaml"),
    `site_name: T\nbase_url: https://go.example.org\n${site}`,
  );
  writeFileSync(join(root, "custom", "links", "links.yaml"), links);
  if (acknowledgements)
    writeFileSync(join(root, "custom", "acknowledgements.yaml"), acknowledgements);
  return root;
}

const ROW = { target: "https://example.com/x" };
const rows = (...slugs: string[]) =>
  slugs.map((s) => `- slug: ${s}\n  target: https://example.com/${s}\n`).join("");

describe("random slugs", () => {
  it("the product's readable alphabet and length: no look-alikes such as 0/o or 1/l/i", async () => {
    const seen = new Set<string>();
    instance("", rows("docs"));
    for (let i = 0; i < 3; i++) {
      const result = await addLink({ root, row: ROW, random: {}, dryRun: true });
      if (!result.ok) throw new Error(result.diagnostics[0].message);
      expect(result.slug).toHaveLength(DEFAULT_RANDOM_SLUG_LENGTH);
      for (const c of result.slug) expect(DEFAULT_RANDOM_SLUG_ALPHABET).toContain(c);
      seen.add(result.slug);
    }
    expect(DEFAULT_RANDOM_SLUG_ALPHABET).not.toMatch(/[01ilo]/);
    expect(seen.size).toBeGreaterThan(1);
  });

  it("length: the command line's, else the shortest of the link's tags, else the site's", async () => {
    instance(
      "random_slug_length: 7\ntag_random_slug_lengths: { training: 5, debug: 2, docs: 9 }\n",
      rows("docs"),
    );
    const length = async (row: Record<string, unknown>, asked?: number) => {
      const result = await addLink({ root, row, random: { length: asked }, dryRun: true });
      return result.ok ? result.slug.length : result.diagnostics[0].message;
    };
    expect(await length(ROW)).toBe(7);
    expect(await length({ ...ROW, tags: ["docs", "training"] })).toBe(5);
    expect(await length({ ...ROW, tags: ["debug", "training"] })).toBe(2);
    expect(await length({ ...ROW, tags: ["debug"] }, 11)).toBe(11);
  });

  it("a drawn slug that is taken (retired ones too) is drawn again; the row is written", async () => {
    instance(
      'random_slug_length: 2\nrandom_slug_alphabet: "ab"\n',
      rows("aa", "ab") + "- slug: ba\n  target: https://example.com/ba\n  state: retired\n",
    );
    for (let i = 0; i < 3; i++) {
      rmSync(join(root, "custom", "links", "more.yaml"), { force: true });
      const result = await addLink({ root, row: ROW, random: {}, file: "custom/links/more.yaml" });
      expect(result).toMatchObject({ ok: true, slug: "bb" });
    }
    expect(readFileSync(join(root, "custom", "links", "more.yaml"), "utf8")).toBe(
      "- slug: bb\n  target: https://example.com/x\n",
    );
  });

  it("SL131: no free slug of the length (removed slugs recorded in acknowledgements count)", async () => {
    instance(
      'random_slug_length: 2\nrandom_slug_alphabet: "ab"\n',
      rows("aa", "ab", "ba"),
      "- slug: BB\n  rules: [SL801]\n  reason: the old campaign\n",
    );
    const before = readFileSync(join(root, "custom", "links", "links.yaml"), "utf8");
    const result = await addLink({ root, row: ROW, random: {} });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => d.code)).toEqual(["SL131"]);
    expect(result.diagnostics[0].hint).toContain("--slug-length 3");
    expect(readFileSync(join(root, "custom", "links", "links.yaml"), "utf8")).toBe(before);
  });

  it.each([
    ["capital letters while slugs ignore case", 'random_slug_alphabet: "abcD"\n'],
    ["a character twice", 'random_slug_alphabet: "abca"\n'],
    ["a character that is no slug character", 'random_slug_alphabet: "ab/c"\n'],
    ["a length past 64", "random_slug_length: 65\n"],
  ])("SL502: site.yaml refuses %s", async (_name, site) => {
    instance(site, rows("docs"));
    const result = await addLink({ root, row: ROW, random: {} });
    expect(result.diagnostics.map((d) => d.code)).toEqual(["SL502"]);
  });
});
