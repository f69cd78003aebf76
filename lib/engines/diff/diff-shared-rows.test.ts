/**
 * `diff` and `check --against` share the rows of a file unchanged between the two sides
 * (docs/cache.md, "Within one run"): the rules that look at more than one row still see every
 * row, so a conflict between a changed file and an unchanged one is found exactly as without the
 * cache.
 */
import { describe, expect, it } from "vitest";
import { yamlRows } from "../../../test/support/git-repo.js";
import { codes, diff, useDiffRepos, useCacheDirs } from "../../../test/support/diff-repos.js";
import { runCli } from "../../../test/support/run-cli.js";
import { openCache } from "../../shared/cache/store.js";
import { CACHE_DIR_ENV } from "../../shared/cache/locate.js";

const repo = useDiffRepos();
const cacheDir = useCacheDirs("shortlinks-diff-shared-");

const UNCHANGED =
  "slug,target\npricing,https://example.com/pricing\nteam/alice,https://example.com/alice\n";
const BASE = {
  "custom/links/a.yaml": yamlRows([{ slug: "docs", target: "https://docs.example.com/" }]),
  "custom/links/b.csv": UNCHANGED,
};

/** The report without the cache, then with it twice (filling it, then reading it). */
async function threeWays(r: ReturnType<typeof repo>) {
  const dir = cacheDir();
  const uncached = JSON.stringify(await diff(r));
  const first = JSON.stringify(await diff(r, { cache: openCache(dir) }));
  const second = JSON.stringify(await diff(r, { cache: openCache(dir) }));
  return { uncached, first, second };
}

describe("diff pairs the rows of an unchanged file without comparing them", () => {
  it("a new row in a changed file duplicating a key of an unchanged file is still SL305", async () => {
    const r = repo(BASE);
    r.write({
      "custom/links/a.yaml": yamlRows([
        { slug: "docs", target: "https://docs.example.com/" },
        { slug: "Pricing", target: "https://example.com/other" },
      ]),
    });
    const { uncached, first, second } = await threeWays(r);
    expect(codes(JSON.parse(uncached))).toContain("SL305 custom/links/b.csv:2");
    expect(first).toBe(uncached);
    expect(second).toBe(uncached);
  });

  it("a new splat in a changed file that covers an unchanged file's link is reported as uncached", async () => {
    const r = repo(BASE);
    r.write({
      "custom/links/a.yaml": yamlRows([
        { slug: "docs", target: "https://docs.example.com/" },
        { slug: "team/*", target: "https://example.com/team" },
      ]),
    });
    const { uncached, first, second } = await threeWays(r);
    const report = JSON.parse(uncached) as Awaited<ReturnType<typeof diff>>;
    expect(report.links.added.map((l) => l.slug)).toEqual(["team/*"]);
    expect(report.routing.map((c) => c.path)).toEqual(["/team"]);
    expect(first).toBe(uncached);
    expect(second).toBe(uncached);
  });

  it("a link moved from a changed file to another changed file is one changed link, as uncached", async () => {
    const r = repo(BASE);
    r.write({
      "custom/links/a.yaml": yamlRows([
        { slug: "docs", target: "https://docs.example.com/" },
        { slug: "pricing", target: "https://example.com/pricing" },
      ]),
      "custom/links/b.csv": "slug,target\nteam/alice,https://example.com/alice\n",
    });
    const { uncached, first, second } = await threeWays(r);
    const report = JSON.parse(uncached) as Awaited<ReturnType<typeof diff>>;
    expect(report.links.changed.map((c) => Object.keys(c.fields))).toEqual([["file"]]);
    expect(first).toBe(uncached);
    expect(second).toBe(uncached);
  });
});

describe("check --against with rows shared between the sides", () => {
  it("errors in an unchanged file and in a changed one, and a new splat over an unchanged file's link: a cached run prints what an uncached one does", async () => {
    const r = repo({
      ...BASE,
      "custom/blocklist.yaml": "blocked_hosts: [blocked.example.org]\n",
      "custom/links/b.csv": UNCHANGED + "bad,https://blocked.example.org/x\n",
    });
    r.write({
      "custom/links/a.yaml": yamlRows([
        { slug: "docs", target: "https://docs.example.com/v2" },
        { slug: "worse", target: "https://blocked.example.org/y" },
        { slug: "team/*", target: "https://example.com/team" },
      ]),
    });
    process.env[CACHE_DIR_ENV] = cacheDir();
    const args = ["check", "--root", r.root, "--against", "HEAD", "--json"];
    const uncached = await runCli([...args, "--no-cache"]);
    const first = await runCli(args);
    const second = await runCli(args);
    const listed = (out: string) =>
      (JSON.parse(out) as { diagnostics: { code: string; file: string }[] }).diagnostics.map(
        (d) => `${d.code} ${d.file}`,
      );
    expect(listed(uncached.out)).toEqual(
      expect.arrayContaining([
        "SL209 custom/links/a.yaml",
        "SL209 custom/links/b.csv",
        "SL307 custom/links/b.csv",
      ]),
    );
    expect(first.out).toBe(uncached.out);
    expect(second.out).toBe(uncached.out);
    expect(second.code).toBe(uncached.code);
  });
});
