/**
 * BASE is read as build reads the work tree: a symbolic link inside the instance is followed
 * (resolved within the tree at BASE), one leading out of it is refused the same way on both sides,
 * and a `custom/` that is a git submodule is read from the submodule's own objects, or refused
 * (SL807) when they are not in this clone; never "no instance at BASE, every link is new".
 */
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../cli.js";
import { compileInstance } from "../../stages/compile.js";
import { createTestRepo, yamlRows, type TestRepo } from "../../../test/support/git-repo.js";
import { diffInstance } from "./diff-instance.js";

const AT = new Date("2030-01-01T00:00:00Z");
const repos: TestRepo[] = [];
afterEach(() => repos.splice(0).forEach((r) => r.cleanup()));

function track(r: TestRepo): TestRepo {
  repos.push(r);
  return r;
}

const DOCS = { slug: "docs", target: "https://docs.example.com/" };
const BLOG = { slug: "blog", target: "https://blog.example.com/" };
const found = (problems: { code: string; severity: string; file: string; line: number }[]) =>
  problems.map((p) => `${p.code} ${p.severity} ${p.file}:${p.line}`);

async function checkAgainst(root: string, base = "HEAD") {
  const out: string[] = [];
  const code = await main(["check", "--against", base, "--root", root], {
    out: (t) => out.push(t),
    err: (t) => out.push(t),
  });
  return { code, out: out.join("\n") };
}

describe("a links file that is a symbolic link inside the instance is followed at BASE", () => {
  it.each([
    ["a file elsewhere in custom/", "custom/data/links.yaml", "../data/links.yaml", ""],
    ["a file beside custom/ in the instance", "common/links.yaml", "../../common/links.yaml", ""],
    [
      "the same, the instance in a subfolder",
      "common/links.yaml",
      "../../common/links.yaml",
      "x/y",
    ],
  ])("SL801: a published link removed from %s", async (_what, real, target, prefix) => {
    const r = track(createTestRepo({ [real]: yamlRows([DOCS, BLOG]) }, { prefix }));
    r.symlink("custom/links/a.yaml", target);
    r.commit("links through a symbolic link");
    r.write({ [real]: yamlRows([BLOG]) });

    const report = await diffInstance({ root: r.root, base: "HEAD", at: AT });
    expect(report.links.removed.map((l) => [l.slug, l.file, l.line])).toEqual([
      ["docs", "custom/links/a.yaml", 1],
    ]);
    expect(found(report.problems)).toEqual(["SL801 error custom/links/a.yaml:1"]);
    const check = await checkAgainst(r.root);
    expect(check.code).toBe(1);
    expect(check.out).toContain('custom/links/a.yaml:1: SL801 link "docs"');
  });

  it("an absolute link into the instance reads the file as BASE has it, not the work tree's", async () => {
    const r = track(createTestRepo({ "custom/data/links.yaml": yamlRows([DOCS, BLOG]) }));
    r.symlink("custom/links/a.yaml", `${r.root}/custom/data/links.yaml`);
    r.commit("absolute link");
    r.write({ "custom/data/links.yaml": yamlRows([BLOG]) });
    const report = await diffInstance({ root: r.root, base: "HEAD", at: AT });
    expect(found(report.problems)).toEqual(["SL801 error custom/links/a.yaml:1"]);
  });

  it("a folder of links that is a symbolic link is followed too", async () => {
    const r = track(createTestRepo({ "sources/a.yaml": yamlRows([DOCS, BLOG]) }));
    r.symlink("custom/links", "../sources");
    r.commit("links folder elsewhere");
    r.write({ "sources/a.yaml": yamlRows([BLOG]) });
    const report = await diffInstance({ root: r.root, base: "HEAD", at: AT });
    expect(found(report.problems)).toEqual(["SL801 error custom/links/a.yaml:1"]);
  });
});

describe("a symbolic link leading out of the instance is refused at BASE as in the work tree", () => {
  it("SL109 on both sides, with the same message; BASE is reported as not building (SL804)", async () => {
    const r = track(
      createTestRepo({ "custom/links/b.yaml": yamlRows([BLOG]) }, { prefix: "deploy/links" }),
    );
    r.write({ "../../outside.yaml": yamlRows([DOCS]) });
    r.symlink("custom/links/a.yaml", "../../../../outside.yaml");
    r.commit("a link out of the instance");

    const head = await compileInstance({ root: r.root, tablesOnly: true });
    const refused = head.diagnostics.find((d) => d.code === "SL109");
    expect(refused?.message).toBe(
      "custom/links/a.yaml is a symbolic link to a file outside the instance; it was not read",
    );
    const report = await diffInstance({ root: r.root, base: "HEAD", at: AT });
    const base = report.problems.find((p) => p.code === "SL804");
    expect(base?.message).toContain(
      `first: custom/links/a.yaml: SL109 ${refused?.message}); links and routing are not compared`,
    );
  });
});

/** A repository holding `files` (no instance of its own), to be added as a submodule. */
function subRepo(files: Record<string, string>): TestRepo {
  return track(createTestRepo(files, { site: false }));
}

function addSubmodule(r: TestRepo, sub: TestRepo, path: string): void {
  r.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", sub.top, path);
  r.commit(`${path} is a submodule`);
}

describe("custom/ as a git submodule", () => {
  function withSubmodule(): { r: TestRepo } {
    const sub = subRepo({
      "site.yaml": "site_name: T\nbase_url: https://go.example.org\n",
      "links/a.yaml": yamlRows([DOCS, BLOG]),
    });
    const r = track(createTestRepo({}));
    r.git("rm", "-q", "-r", "custom");
    r.commit("custom moves to a submodule");
    addSubmodule(r, sub, "custom");
    return { r };
  }

  it("SL801: BASE is read from the submodule's objects at the commit BASE records", async () => {
    const { r } = withSubmodule();
    r.write({ "custom/links/a.yaml": yamlRows([BLOG]) });
    const report = await diffInstance({ root: r.root, base: "HEAD", at: AT });
    expect(report.links.added).toEqual([]);
    expect(found(report.problems)).toEqual(["SL801 error custom/links/a.yaml:1"]);
    expect((await checkAgainst(r.root)).code).toBe(1);
  });

  it("SL801: a submodule inside custom/ (custom/links) is read the same way", async () => {
    const r = track(createTestRepo({}));
    addSubmodule(r, subRepo({ "a.yaml": yamlRows([DOCS, BLOG]) }), "custom/links");
    r.write({ "custom/links/a.yaml": yamlRows([BLOG]) });
    const report = await diffInstance({ root: r.root, base: "HEAD", at: AT });
    expect(found(report.problems)).toEqual(["SL801 error custom/links/a.yaml:1"]);
  });

  it("SL801: a link into a submodule beside custom/ reads the submodule at BASE", async () => {
    const r = track(createTestRepo({}));
    addSubmodule(r, subRepo({ "a.yaml": yamlRows([DOCS, BLOG]) }), "vendor/links");
    r.symlink("custom/links/a.yaml", "../../vendor/links/a.yaml");
    r.commit("links from the vendored submodule");
    r.write({ "vendor/links/a.yaml": yamlRows([BLOG]) });
    const report = await diffInstance({ root: r.root, base: "HEAD", at: AT });
    expect(found(report.problems)).toEqual(["SL801 error custom/links/a.yaml:1"]);
  });

  it("SL807: a submodule commit this clone does not hold is refused, exit 1, nothing compared", async () => {
    const r = track(createTestRepo({}));
    r.git("rm", "-q", "-r", "--cached", "custom");
    r.git("update-index", "--add", "--cacheinfo", `160000,${"1".repeat(40)},custom`);
    r.commit("custom is a submodule whose commit is not here");
    r.write({ "custom/links/a.yaml": yamlRows([DOCS]) });

    const report = await diffInstance({ root: r.root, base: "HEAD", at: AT });
    expect(found(report.problems)).toEqual(["SL807 error custom:0"]);
    expect(report.problems[0].message).toBe(
      `custom is a git submodule at HEAD and its commit ${"1".repeat(12)} is not in this clone; links and routing are not compared and the published-link rules are not checked`,
    );
    expect(report.links.added).toEqual([]);
    const check = await checkAgainst(r.root);
    expect(check.code).toBe(1);
    expect(check.out).toContain("custom: SL807 custom is a git submodule at HEAD");
  });
});
