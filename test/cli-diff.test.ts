/**
 * `shortlinks diff` and `check --against` through the built CLI (`node bin/shortlinks.js`), on a
 * throwaway git repository: the JSON contract, the review comment, and the exit codes.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestRepo, yamlRows, type TestRepo } from "./support/git-repo.js";

const BIN = join(import.meta.dirname, "..", "bin", "shortlinks.js");
let r: TestRepo;

function cli(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: r.root,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const DOCS = { slug: "docs", target: "https://docs.example.com/" };
const BLOG = { slug: "blog", target: "https://blog.example.com/", status: 301 };

beforeAll(() => {
  r = createTestRepo({ ".gitignore": "dist/\n", "custom/links/a.yaml": yamlRows([DOCS, BLOG]) });
  expect(cli("build").code).toBe(0);
  r.commit("build");
});
afterAll(() => r.cleanup());

describe("shortlinks diff (built CLI)", () => {
  it("no change: exit 0 and the JSON contract with empty sections", () => {
    const { code, out } = cli("diff", "--json");
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(Object.keys(report)).toEqual([
      "base",
      "base_commit",
      "head",
      "at",
      "days",
      "links",
      "routing",
      "host_changes",
      "schedule_events",
      "problems",
    ]);
    expect(report).toMatchObject({
      base: "HEAD",
      base_commit: r.git("rev-parse", "HEAD").trim(),
      head: "worktree",
      days: 7,
      links: { added: [], removed: [], changed: [] },
      routing: [],
      problems: [],
    });
  });

  it("a removed published link: diff --json and --markdown exit 1; check --against fails until acknowledged", () => {
    r.write({
      "custom/links/a.yaml": yamlRows([BLOG, { slug: "news", target: "https://news.example/" }]),
    });
    const json = cli("diff", "HEAD", "--json", "--at", "2030-01-01T00:00:00Z");
    expect(json.code).toBe(1);
    const report = JSON.parse(json.out);
    expect(report.links.added[0]).toMatchObject({
      slug: "news",
      target: "https://news.example/",
      status: 302,
      state: "active",
      file: "custom/links/a.yaml",
      line: 4,
    });
    expect(report.links.removed.map((l: { slug: string }) => l.slug)).toEqual(["docs"]);
    expect(report.routing).toContainEqual(
      expect.objectContaining({
        path: "/docs",
        before: { status: 302, location: "https://docs.example.com/" },
        after: { status: 404, page: "not-found" },
      }),
    );
    expect(report.problems).toEqual([
      expect.objectContaining({ code: "SL801", severity: "error", line: 1 }),
    ]);

    const markdown = cli("diff", "--markdown");
    expect(markdown.code).toBe(1);
    expect(markdown.out).toMatch(/^### Short links: `HEAD` → the work tree\n\n❌ \*\*1 error/);

    const check = cli("check", "--against", "HEAD");
    expect(check.code).toBe(1);
    expect(check.out).toContain('custom/links/a.yaml:1: SL801 link "docs"');

    r.write({
      "custom/acknowledgements.yaml": yamlRows([
        { slug: "docs", rules: ["SL801"], reason: "the docs site is closed" },
      ]),
    });
    const acknowledged = cli("check", "--against", "HEAD", "--json");
    expect(acknowledged.code).toBe(0);
    expect(JSON.parse(acknowledged.out)).toMatchObject({
      ok: true,
      diagnostics: [expect.objectContaining({ code: "SL805", severity: "warning" })],
    });
  });

  it("a missing BASE, a root outside git, or --json with --markdown: one line on stderr, exit 2", () => {
    const missing = cli("diff", "origin/main");
    expect(missing).toMatchObject({ code: 2, out: "" });
    expect(missing.err.trim().split("\n")).toEqual([
      'shortlinks diff: "origin/main" names no commit in this repository (in CI, fetch the base branch first)',
    ]);
    expect(cli("check", "--against", "nope").code).toBe(2);
    const outside = mkdtempSync(join(tmpdir(), "shortlinks-nogit-"));
    try {
      const notGit = cli("diff", "--root", outside);
      expect(notGit.code).toBe(2);
      expect(notGit.err).toMatch(/is not inside a git repository/);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
    expect(cli("diff", "--json", "--markdown").code).toBe(2);
  });
});
