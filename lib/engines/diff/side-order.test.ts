/**
 * `check --against` compiles BASE first when few link sources differ, so BASE hands its checked
 * rows to the head (side-order.ts): the order is chosen from git, and either order gives the
 * same report and the same diagnostics of the head.
 */
import { describe, expect, it } from "vitest";
import { yamlRows } from "../../../test/support/git-repo.js";
import { AT, useCacheDirs, useDiffRepos } from "../../../test/support/diff-repos.js";
import { checkHead } from "../check/check.js";
import { openCache } from "../../shared/cache/store.js";
import { diffInstance } from "./diff-instance.js";
import { locateRepository, resolveCommit } from "./git-base.js";
import { sideOrder, type SideOrder } from "./side-order.js";

const repo = useDiffRepos();
const cacheDir = useCacheDirs("shortlinks-side-order-");

const FILES = {
  "custom/links/a.yaml": yamlRows([
    { slug: "docs", target: "https://docs.example.com/" },
    { slug: "blog", target: "https://blog.example.com/" },
  ]),
  "custom/links/b.csv": "slug,target\npricing,https://example.com/pricing\n",
  "custom/links/c.yaml": yamlRows([{ slug: "team", target: "https://example.com/team" }]),
  "custom/links/d.yaml": yamlRows([{ slug: "jobs/*", target: "https://example.com/jobs/:splat" }]),
};

async function orderOf(root: string): Promise<SideOrder> {
  const found = await locateRepository(root);
  return sideOrder(found, root, await resolveCommit(found, "HEAD"));
}

describe("check --against: which side compiles first", () => {
  it("BASE first while at most half of the link sources differ, the head first past that", async () => {
    const r = repo(FILES);
    expect(await orderOf(r.root)).toBe("base-first");
    r.write({ "custom/links/a.yaml": yamlRows([{ slug: "docs", target: "https://d.example/" }]) });
    r.write({ "custom/links/e.yaml": yamlRows([{ slug: "new", target: "https://n.example/" }]) });
    expect(await orderOf(r.root)).toBe("base-first"); // 2 of 5
    r.write({ "custom/links/b.csv": "slug,target\npricing,https://example.com/p2\n" });
    expect(await orderOf(r.root)).toBe("head-first"); // 3 of 5
  });

  it("counts the instance's own link sources when it lives in a folder of the repository", async () => {
    const r = repo(FILES, { prefix: "site" });
    r.write({ "custom/links/a.yaml": yamlRows([{ slug: "docs", target: "https://d.example/" }]) });
    expect(await orderOf(r.root)).toBe("base-first"); // 1 of 4
    r.write({ "custom/links/b.csv": "slug,target\npricing,https://example.com/p2\n" });
    r.write({ "custom/links/c.yaml": yamlRows([{ slug: "team", target: "https://t.example/" }]) });
    expect(await orderOf(r.root)).toBe("head-first"); // 3 of 4
  });

  it("keeps the head first when git cannot answer", async () => {
    const r = repo(FILES);
    const found = await locateRepository(r.root);
    expect(await sideOrder(found, r.root, "0".repeat(40))).toBe("head-first");
  });

  it("gives the same report and the same head diagnostics in either order, cached or not", async () => {
    const r = repo(FILES);
    r.write({
      // docs removed (SL801), blog changed, a link added in a new file
      "custom/links/a.yaml": yamlRows([{ slug: "blog", target: "https://blog.example.com/new" }]),
      "custom/links/e.yaml": yamlRows([{ slug: "news", target: "https://news.example/" }]),
    });
    const runs: string[] = [];
    for (const order of ["head-first", "base-first", "base-first", "head-first"] as const) {
      const cache = openCache(cacheDir());
      for (let pass = 0; pass < 2; pass++) {
        let head: unknown;
        const report = await diffInstance({
          root: r.root,
          base: "HEAD",
          at: AT,
          cache,
          order,
          compileHead: async () => {
            const checked = await checkHead({ root: r.root, cache });
            head = checked.diagnostics;
            return checked;
          },
        });
        runs.push(JSON.stringify({ report: { ...report, at: undefined }, head }));
      }
    }
    expect(runs[0]).toContain("SL801");
    expect(runs[0]).toContain('"slug":"news"');
    expect(runs[0]).toContain("https://blog.example.com/new");
    for (const run of runs) expect(run).toBe(runs[0]);
  });
});
