/**
 * `diff` and `check --against` with the cache (docs/cache.md): a cached run answers byte for byte
 * what an uncached one does, an entry whose input changed is never used, a tampered entry is
 * rejected, and `--no-cache` writes nothing.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SITE_YAML, yamlRows } from "../../../test/support/git-repo.js";
import { AT, diff, slugs, useDiffRepos, useCacheDirs } from "../../../test/support/diff-repos.js";
import { runCli } from "../../../test/support/run-cli.js";
import { openCache } from "../../shared/cache/store.js";
import { CACHE_DIR_ENV } from "../../shared/cache/locate.js";

const repo = useDiffRepos();
const cacheDir = useCacheDirs("shortlinks-diff-cache-");
const entries = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));

const BASE = {
  "custom/links/a.yaml": yamlRows([
    { slug: "docs", target: "https://docs.example.com/" },
    { slug: "blog", target: "https://blog.example.com/" },
  ]),
  "custom/links/b.csv":
    "slug,target\npricing,https://example.com/pricing\nteam,https://example.com/team\n",
};

describe("diff with the cache", () => {
  it("a second, cached run reports exactly what a run without the cache reports", async () => {
    const r = repo(BASE);
    r.write({
      "custom/links/a.yaml": yamlRows([
        { slug: "docs", target: "https://docs.example.com/v2" },
        { slug: "news", target: "https://news.example.com/" },
      ]),
    });
    const dir = cacheDir();
    const uncached = JSON.stringify(await diff(r));
    const first = JSON.stringify(await diff(r, { cache: openCache(dir) }));
    // Validated rows of head's a.yaml, BASE's a.yaml, and b.csv (the same bytes and settings on
    // both sides: one entry); checked rows are not kept on disk.
    expect(entries(dir)).toHaveLength(3);
    const second = JSON.stringify(await diff(r, { cache: openCache(dir) }));
    expect(first).toBe(uncached);
    expect(second).toBe(uncached);
  });

  it("an entry whose file changed since is never used: the changed rows are read afresh", async () => {
    const r = repo(BASE);
    const dir = cacheDir();
    const before = await diff(r, { cache: openCache(dir) });
    expect(before.links.changed).toEqual([]);
    r.write({
      "custom/links/b.csv":
        "slug,target\npricing,https://example.com/prices\nteam,https://example.com/team\n",
    });
    const after = await diff(r, { cache: openCache(dir) });
    expect(slugs(after.links.changed)).toEqual(["pricing"]);
    expect(after.links.changed[0].fields).toEqual({
      target: ["https://example.com/pricing", "https://example.com/prices"],
    });
  });

  it("a tampered entry is rejected: the file is read again and the report is the uncached one", async () => {
    const r = repo(BASE);
    r.write({
      "custom/links/a.yaml": yamlRows([{ slug: "docs", target: "https://docs.example.com/" }]),
    });
    const dir = cacheDir();
    const uncached = JSON.stringify(await diff(r));
    await diff(r, { cache: openCache(dir) });
    // Point the cached pricing row somewhere else, keeping the entry's length.
    let tampered = 0;
    for (const file of entries(dir)) {
      const bytes = readFileSync(file);
      const at = bytes.indexOf(Buffer.from("example.com/pricing"));
      if (at < 0) continue;
      bytes.write("evilexa.com/pricing", at);
      writeFileSync(file, bytes);
      tampered++;
    }
    expect(tampered).toBe(1);
    const report = await diff(r, { cache: openCache(dir) });
    expect(JSON.stringify(report)).toBe(uncached);
    expect(JSON.stringify(report)).not.toContain("evilexa");
  });

  it("diff --no-cache and check --against --no-cache write no cache; without it, they do", async () => {
    const r = repo(BASE);
    r.write({
      "custom/links/a.yaml": yamlRows([{ slug: "docs", target: "https://docs.example.com/" }]),
    });
    const dir = cacheDir();
    process.env[CACHE_DIR_ENV] = dir;
    const at = AT.toISOString();
    const bypassed = await runCli(["diff", "--root", r.root, "--json", "--at", at, "--no-cache"]);
    expect(bypassed.err).toBe("");
    await runCli(["check", "--root", r.root, "--against", "HEAD", "--no-cache"]);
    expect(entries(dir)).toEqual([]);
    const cached = await runCli(["diff", "--root", r.root, "--json", "--at", at]);
    expect(cached.out).toBe(bypassed.out);
    expect(entries(dir).length).toBeGreaterThan(0);
  });
});

describe("check --against with the cache", () => {
  it("a cached check --against prints exactly what an uncached one prints", async () => {
    const r = repo(BASE);
    r.write({
      "custom/links/a.yaml": yamlRows([{ slug: "docs", target: "https://docs.example.com/" }]),
    });
    process.env[CACHE_DIR_ENV] = cacheDir();
    const args = ["check", "--root", r.root, "--against", "HEAD", "--json"];
    const uncached = await runCli([...args, "--no-cache"]);
    const first = await runCli(args);
    const second = await runCli(args);
    expect(uncached.out).toContain("SL801");
    expect(first.out).toBe(uncached.out);
    expect(second.out).toBe(uncached.out);
    expect(second.code).toBe(uncached.code);
  });
});

describe("diff with the cache: validated rows", () => {
  it("a row validated under another site.yaml is validated again: a new default status reaches every cached row", async () => {
    const r = repo(BASE);
    const dir = cacheDir();
    await diff(r, { cache: openCache(dir) });
    r.write({ "custom/site.yaml": SITE_YAML + "default_status: 301\n" });
    const uncached = await diff(r);
    const report = await diff(r, { cache: openCache(dir) });
    expect(slugs(report.links.changed)).toEqual(["blog", "docs", "pricing", "team"]);
    expect(report.links.changed.every((c) => c.fields.status?.[1] === 301)).toBe(true);
    expect(JSON.stringify(report)).toBe(JSON.stringify(uncached));
  });

  it("a row validated under another blocklist is validated again: a newly blocked host is refused", async () => {
    const r = repo(BASE);
    const dir = cacheDir();
    await diff(r, { cache: openCache(dir) });
    r.write({
      "custom/blocklist.yaml": "blocked_hosts: [blog.example.com]\n",
    });
    const uncached = await diff(r);
    const report = await diff(r, { cache: openCache(dir) });
    expect(report.problems.map((p) => `${p.code} ${p.file}:${p.line}`)).toContain(
      "SL209 custom/links/a.yaml:4",
    );
    expect(JSON.stringify(report)).toBe(JSON.stringify(uncached));
  });
});

describe("diff with the cache: a file answered by its validated entry alone", () => {
  const SITE = `${SITE_YAML}domains:\n  - go.example.org\n  - old.example.org\n`;
  const ROWS = [
    { slug: "docs", target: "https://docs.example.com/" },
    { slug: "docs", target: "https://legacy.example.com/docs", domain: "old.example.org" },
    {
      slug: "both",
      target: "https://both.example.com/",
      domains: ["go.example.org", "old.example.org"],
    },
    { slug: "gone", target: "https://docs.example.com/old", state: "retired", successor: "docs" },
    {
      slug: "app",
      target: "https://example.com/get",
      routes: [{ when: { device: ["ios"] }, target: "https://apps.apple.com/app/id1" }],
    },
  ];
  /** A diff run three times: without a cache, filling one, and from it, counting its reads. */
  async function threeRuns(r: ReturnType<typeof repo>) {
    const uncached = JSON.stringify(await diff(r));
    const dir = cacheDir();
    const filling = JSON.stringify(await diff(r, { cache: openCache(dir) }));
    const disk = openCache(dir);
    const hits: boolean[] = [];
    const counted = {
      ...disk,
      get: async (key: string) => {
        const value = await disk.get(key);
        hits.push(value !== undefined);
        return value;
      },
    };
    const cached = JSON.stringify(await diff(r, { cache: counted }));
    return { uncached, filling, cached, hits };
  }

  it("rows with hosts, a successor or routes compare as without the cache, and no file is read as rows", async () => {
    const r = repo({ ...BASE, "custom/site.yaml": SITE, "custom/links/a.yaml": yamlRows(ROWS) });
    r.write({
      "custom/links/a.yaml": yamlRows([
        ...ROWS.map((row) => ({ ...row, target: `${row.target}v2` })),
        { slug: "new", target: "https://new.example.com/", state: "retired", successor: "docs" },
      ]),
      "custom/links/b.csv": "slug,target\npricing,https://example.com/prices\n",
    });
    const runs = await threeRuns(r);
    expect(runs.uncached).toContain("both");
    expect(runs.filling).toBe(runs.uncached);
    expect(runs.cached).toBe(runs.uncached);
    // Each side's a.yaml and b.csv from its validated entry alone: no checked-rows entry is read.
    expect(runs.hits).toEqual([true, true, true, true]);
  });

  it("a successor's problem is reported on the line of its successor field, as without the cache", async () => {
    const lost = { slug: "lost", target: "https://docs.example.com/", state: "retired" };
    const r = repo({ ...BASE, "custom/site.yaml": SITE, "custom/links/a.yaml": yamlRows(ROWS) });
    r.write({ "custom/links/a.yaml": yamlRows([...ROWS, { ...lost, successor: "nowhere" }]) });
    const runs = await threeRuns(r);
    expect(runs.uncached).toMatch(
      /"code":"SL130","severity":"error","file":"custom\/links\/a.yaml","line":19,/,
    );
    expect(runs.filling).toBe(runs.uncached);
    expect(runs.cached).toBe(runs.uncached);
    expect(runs.hits.every(Boolean)).toBe(true);
  });
});
