/**
 * `shortlinks diff` and `check --against` as a user runs them, on a throwaway git repository: the
 * JSON contract, the review comment and the exit codes. Two cases run the built CLI as a process
 * (`node bin/shortlinks.js`); the rest call main() in process, which is what the binary runs.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./support/run-cli.js";
import { CLI } from "./support/build-instance.js";
import { createTestRepo, yamlRows, type TestRepo } from "./support/git-repo.js";

let r: TestRepo;

function asProcess(...args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: r.root,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const run = (...args: string[]) => runCli([...args, "--root", r.root]);

const DOCS = { slug: "docs", target: "https://docs.example.com/" };
const BLOG = { slug: "blog", target: "https://blog.example.com/", status: 301 };
const NEWS = { slug: "news", target: "https://news.example/" };

beforeAll(async () => {
  r = createTestRepo({ ".gitignore": "dist/\n", "custom/links/a.yaml": yamlRows([DOCS, BLOG]) });
  expect((await run("build")).code).toBe(0);
  r.commit("build");
});
afterAll(() => r.cleanup());

describe("shortlinks diff and check --against", () => {
  it("no change: exit 0 and the JSON contract with empty sections", async () => {
    const { code, out } = await run("diff", "--json");
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
      "route_changes",
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
      route_changes: [],
      problems: [],
    });
  });

  it("a removed published link, through the built CLI: diff --json exits 1 with the link, its routing and SL801", () => {
    r.write({ "custom/links/a.yaml": yamlRows([BLOG, NEWS]) });
    const json = asProcess("diff", "HEAD", "--json", "--at", "2030-01-01T00:00:00Z");
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
  });

  it("--markdown exits 1; check --against fails until the removal is acknowledged", async () => {
    r.write({ "custom/links/a.yaml": yamlRows([BLOG, NEWS]) });
    const markdown = await run("diff", "--markdown");
    expect(markdown.code).toBe(1);
    expect(markdown.out).toMatch(/^### Short links: `HEAD` → the work tree\n\n❌ \*\*1 error/);

    const check = await run("check", "--against", "HEAD");
    expect(check.code).toBe(1);
    expect(check.out).toContain('custom/links/a.yaml:1: SL801 link "docs"');

    r.write({
      "custom/acknowledgements.yaml": yamlRows([
        { slug: "docs", rules: ["SL801"], reason: "the docs site is closed" },
      ]),
    });
    const acknowledged = await run("check", "--against", "HEAD", "--json");
    expect(acknowledged.code).toBe(0);
    expect(JSON.parse(acknowledged.out)).toMatchObject({
      ok: true,
      diagnostics: [expect.objectContaining({ code: "SL805", severity: "warning" })],
    });
  });

  it("a missing BASE, through the built CLI: one line on stderr, nothing on stdout, exit 2", () => {
    const missing = asProcess("diff", "origin/main");
    expect(missing).toMatchObject({ code: 2, out: "" });
    expect(missing.err.trim().split("\n")).toEqual([
      'shortlinks diff: "origin/main" names no commit in this repository (in CI, fetch the base branch first)',
    ]);
  });

  it("a root outside any git repository: exit 2 for diff and for check --against", async () => {
    const outside = mkdtempSync(join(tmpdir(), "shortlinks-nogit-"));
    try {
      for (const args of [["diff"], ["check", "--against", "HEAD"]]) {
        const { code, err } = await runCli([...args, "--root", outside]);
        expect(code).toBe(2);
        expect(err).toMatch(/^shortlinks (diff|check): .*is not inside a git repository/);
      }
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
