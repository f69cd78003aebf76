/**
 * A review whose changed CSV sources still write most of their rows as before (docs/cache.md,
 * "Rows unchanged within a changed file"): whatever the edits (rows removed, added, changed,
 * moved, the header changed), the report is the one a review without the cache gives, lines and
 * cross-row problems included, whether the cache keeps nothing, or fills its folder.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diff, useCacheDirs, useDiffRepos } from "../../../test/support/diff-repos.js";
import { runCli } from "../../../test/support/run-cli.js";
import { openCache, runOnlyCache, type CacheStore } from "../../shared/cache/store.js";
import { compileInstance } from "../../stages/compile.js";
import { CACHE_DIR_ENV } from "../../shared/cache/locate.js";

const repo = useDiffRepos();
const cacheDir = useCacheDirs("shortlinks-same-rows-");

const SITE = "custom/links/b.csv";
const OTHER = { "custom/links/a.yaml": "- slug: docs\n  target: https://docs.example.com/\n" };

/** A row: a few slugs so that some repeat (a duplicate is a cross-row problem with two lines). */
const row = fc
  .record({
    slug: fc.constantFrom("go", "team", "docs", "kb/a", "kb/*", "x1"),
    target: fc.constantFrom("https://example.com/a", "https://example.com/b", "ftp://bad.example"),
    owner: fc.constantFrom("", "ops"),
  })
  .map(({ slug, target, owner }) => `${slug},${target},${owner}`);
const edit = fc.oneof(
  fc.record({ op: fc.constant("remove" as const), at: fc.nat() }),
  fc.record({ op: fc.constant("insert" as const), at: fc.nat(), row }),
  fc.record({ op: fc.constant("replace" as const), at: fc.nat(), row }),
  fc.record({ op: fc.constant("move" as const), at: fc.nat(), to: fc.nat() }),
);

function edited(rows: string[], edits: { op: string; at: number; row?: string; to?: number }[]) {
  const out = [...rows];
  for (const e of edits) {
    const at = out.length === 0 ? 0 : e.at % out.length;
    if (e.op === "remove") out.splice(at, 1);
    else if (e.op === "insert") out.splice(at, 0, e.row as string);
    else if (e.op === "replace" && out.length > 0) out[at] = e.row as string;
    else if (e.op === "move" && out.length > 0)
      out.splice((e.to as number) % out.length, 0, ...out.splice(at, 1));
  }
  return out;
}

const table = (header: string, rows: string[]) => `${header}\n${rows.join("\n")}\n`;

describe("rows unchanged within a changed CSV source", () => {
  it("whatever the edits, a review with the cache reports exactly what one without it does", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { minLength: 1, maxLength: 12 }),
        fc.array(edit, { maxLength: 5 }),
        fc.constantFrom("slug,target,owner", "slug,target,description"),
        async (rows, edits, header) => {
          const r = repo({ ...OTHER, [SITE]: table("slug,target,owner", rows) });
          r.write({ [SITE]: table(header, edited(rows, edits)) });
          // Both orders: the second side takes the first's answers, whichever side that is.
          const both = async (store: () => CacheStore | undefined) => {
            const [headFirst, baseFirst] = [store(), store()];
            return JSON.stringify([
              await diff(r, { cache: headFirst }),
              await diff(r, {
                cache: baseFirst,
                order: "base-first",
                compileHead: () =>
                  compileInstance({ root: r.root, tablesOnly: true, cache: baseFirst }),
              }),
            ]);
          };
          const uncached = await both(() => undefined);
          expect(await both(runOnlyCache)).toBe(uncached);
          expect(await both(() => openCache(cacheDir()))).toBe(uncached);
        },
      ),
      {
        numRuns: 4,
        // A new row duplicating one that moved down: the problem names the moved row's new line.
        examples: [
          [
            ["team,https://example.com/b,", "go,https://example.com/a,"],
            [
              { op: "insert", at: 0, row: "new,https://example.com/n," },
              { op: "insert", at: 3, row: "team,https://example.com/c," },
            ],
            "slug,target,owner",
          ],
        ],
      },
    );
    // Thirty reviews of git repositories: 6 s alone, 22 s among the suite's other files.
  }, 60_000);

  it("check --against prints what it prints without the cache after rows move in a file", async () => {
    const rows = [
      "team,https://example.com/b,ops",
      "go,https://example.com/a,",
      "kb/*,https://example.com/kb,",
    ];
    const r = repo({ ...OTHER, [SITE]: table("slug,target,owner", rows) });
    // "team" twice: a problem naming the lines of both, one row moved down a line since BASE.
    const moved = ["new,https://example.com/n,", ...rows, "team,https://example.com/c,"];
    r.write({ [SITE]: table("slug,target,owner", moved) });
    process.env[CACHE_DIR_ENV] = cacheDir();
    const args = ["check", "--root", r.root, "--against", "HEAD", "--json"];
    const uncached = await runCli([...args, "--no-cache"]);
    expect(uncached.out).toContain('"line": 6');
    expect(uncached.out).toContain('duplicates \\"team\\" at custom/links/b.csv:3 ');
    expect((await runCli(args)).out).toBe(uncached.out);
    expect((await runCli(args)).out).toBe(uncached.out);
  });
});
