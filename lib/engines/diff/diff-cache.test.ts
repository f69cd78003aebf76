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
    // Checked and validated rows of head's a.yaml, BASE's a.yaml, and b.csv (the same bytes and
    // settings on both sides: one entry each).
    expect(entries(dir)).toHaveLength(6);
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
    // Point the cached pricing row (checked, and validated) somewhere else, keeping each entry's length.
    let tampered = 0;
    for (const file of entries(dir)) {
      const bytes = readFileSync(file);
      const at = bytes.indexOf(Buffer.from("example.com/pricing"));
      if (at < 0) continue;
      bytes.write("evilexa.com/pricing", at);
      writeFileSync(file, bytes);
      tampered++;
    }
    expect(tampered).toBe(2);
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
