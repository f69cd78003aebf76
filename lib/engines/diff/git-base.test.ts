/** Reading BASE from git: refs, subfolders, instances that are missing or do not build, the work tree left alone. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestRepo, yamlRows, type TestRepo } from "../../../test/support/git-repo.js";
import { diffInstance, DiffUsageError } from "./diff-instance.js";

const AT = new Date("2030-01-01T00:00:00Z");
const repos: TestRepo[] = [];
afterEach(() => repos.splice(0).forEach((r) => r.cleanup()));

function repo(files: Record<string, string>, options?: { prefix?: string }): TestRepo {
  const r = createTestRepo(files, options);
  repos.push(r);
  return r;
}

const DOCS = yamlRows([{ slug: "docs", target: "https://docs.example.com/" }]);

describe("BASE from git", () => {
  it("a BASE that names no commit is a usage error with one clear line", async () => {
    const r = repo({ "custom/links/a.yaml": DOCS });
    const run = diffInstance({ root: r.root, base: "origin/main", at: AT });
    await expect(run).rejects.toThrow(DiffUsageError);
    await expect(run).rejects.toThrow(/^"origin\/main" names no commit in this repository/);
    await expect(diffInstance({ root: r.root, base: "--output=x", at: AT })).rejects.toThrow(
      /is not a git ref/,
    );
  });

  it("a root outside any git repository is a usage error", async () => {
    const dir = mkdtempSync(join(tmpdir(), "shortlinks-nogit-"));
    try {
      await expect(diffInstance({ root: dir, base: "HEAD", at: AT })).rejects.toThrow(
        /is not inside a git repository/,
      );
      await expect(
        diffInstance({ root: join(dir, "missing"), base: "HEAD", at: AT }),
      ).rejects.toThrow(/missing is not a folder/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the instance may live in a subfolder of the repository, with its own public files", async () => {
    const r = repo(
      { "custom/links/a.yaml": DOCS, "custom/public/hello.html": "<p>hi</p>\n" },
      { prefix: "deploy/links" },
    );
    r.write({
      "custom/links/a.yaml": yamlRows([{ slug: "docs", target: "https://docs.example.org/" }]),
    });
    const report = await diffInstance({ root: r.root, base: "HEAD", at: AT });
    expect(report.links.changed.map((c) => c.fields)).toEqual([
      { target: ["https://docs.example.com/", "https://docs.example.org/"] },
    ]);
    expect(report.problems).toEqual([]);
  });

  it("an instance at BASE that does not build is reported (SL804), not a crash", async () => {
    const r = repo({ "custom/links/a.yaml": "- slug: bad slug!\n  target: https://x.example/\n" });
    r.write({ "custom/links/a.yaml": DOCS });
    const report = await diffInstance({ root: r.root, base: "HEAD", at: AT });
    expect(report.problems.map((p) => [p.code, p.severity])).toEqual([["SL804", "warning"]]);
    expect(report.problems[0].message).toMatch(
      /^the instance at HEAD \([0-9a-f]{12}\) does not build \(1 error; first: custom\/links\/a\.yaml:1: SL301/,
    );
    expect(report.links.added).toEqual([]);
  });

  it("a work tree that does not build reports its own errors", async () => {
    const r = repo({ "custom/links/a.yaml": DOCS });
    r.write({ "custom/links/a.yaml": "- slug: docs\n" });
    const report = await diffInstance({ root: r.root, base: "HEAD", at: AT });
    expect(report.problems.map((p) => `${p.code} ${p.file}:${p.line}`)).toEqual([
      "SL104 custom/links/a.yaml:1",
    ]);
  });

  it("no instance at BASE: every link is new", async () => {
    const r = repo({});
    r.git("rm", "-q", "-r", "custom");
    r.commit("empty");
    r.write({ "custom/site.yaml": "site_name: T\nbase_url: https://go.example.org\n" });
    r.write({ "custom/links/a.yaml": DOCS });
    const report = await diffInstance({ root: r.root, base: "HEAD", at: AT });
    expect(report.links.added.map((l) => l.slug)).toEqual(["docs"]);
    expect(report.routing.map((c) => [c.path, c.before.status, c.after.status])).toEqual([
      ["/docs", 404, 302],
    ]);
  });

  it("--head compares two commits, and the work tree is never touched", async () => {
    const r = repo({ "custom/links/a.yaml": DOCS });
    const first = r.git("rev-parse", "HEAD").trim();
    r.write({ "custom/links/b.yaml": yamlRows([{ slug: "blog", target: "https://b.example/" }]) });
    const second = r.commit("add blog");
    r.write({ "custom/links/b.yaml": "# being edited\n" });
    const status = r.git("status", "--porcelain");
    const report = await diffInstance({ root: r.root, base: first, head: "HEAD", at: AT });
    expect(report.head).toBe(second);
    expect(report.base_commit).toBe(first);
    expect(report.links.added.map((l) => l.slug)).toEqual(["blog"]);
    expect(r.git("status", "--porcelain")).toBe(status);
    expect(readFileSync(join(r.root, "custom/links/b.yaml"), "utf8")).toBe("# being edited\n");
  });
});
