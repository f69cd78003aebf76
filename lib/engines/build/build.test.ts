/**
 * `build` replaces its output folder: it must refuse every folder whose loss would destroy work
 * (the instance, an ancestor of it, anything inside custom/, a folder that is not a previous
 * bundle), and clean up after a build that was killed half-way.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { spawnSync } from "node:child_process";
import { hostname, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildInstance } from "./build.js";

const FIXTURE = join(import.meta.dirname, "..", "..", "..", "fixtures", "valid-basic", "custom");
let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "shortlinks-build-"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A fresh instance (a git-like folder with an uncommitted file) inside its own parent folder. */
function instance(): string {
  const parent = mkdtempSync(join(work, "parent-"));
  const root = join(parent, "instance");
  cpSync(FIXTURE, join(root, "custom"), { recursive: true });
  mkdirSync(join(root, ".git"));
  writeFileSync(join(root, ".git", "HEAD"), "ref: refs/heads/main\n");
  writeFileSync(join(root, "notes.txt"), "uncommitted work\n");
  writeFileSync(join(parent, "sibling.txt"), "someone else's file\n");
  return root;
}

/** A lock record left by a process that no longer runs (as after kill -9). */
function deadOwner(): string {
  const pid = spawnSync(process.execPath, ["-e", ""]).pid;
  return JSON.stringify({ pid, host: hostname(), since: Date.now(), token: "dead" });
}

function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();
}

describe("build --out refuses folders whose loss destroys work (nothing is deleted)", () => {
  it.each([
    ["SL340", "the instance itself", (root: string) => root],
    ["SL340", "the instance's parent", (root: string) => dirname(root)],
    ["SL340", "custom/", (root: string) => join(root, "custom")],
    [
      "SL340",
      "a new folder inside custom/public/",
      (root: string) => join(root, "custom/public/x"),
    ],
    ["SL340", ".git/", (root: string) => join(root, ".git")],
    ["SL341", "a foreign folder", (root: string) => join(dirname(root), "photos")],
    ["SL341", "a regular file", (root: string) => join(root, "notes.txt")],
  ])("%s: %s", async (code, _what, outOf) => {
    const root = instance();
    mkdirSync(join(dirname(root), "photos"));
    writeFileSync(join(dirname(root), "photos", "cat.jpg"), "meow");
    const before = tree(dirname(root));
    const result = await buildInstance({ root, outDir: outOf(root) });
    expect(result.wrote).toBe(false);
    expect(result.outProblem?.code).toBe(code);
    expect(tree(dirname(root))).toEqual(before);
    expect(readFileSync(join(root, "notes.txt"), "utf8")).toBe("uncommitted work\n");
  });

  it("SL341: a symbolic link to a bundle is refused, not replaced by a folder", async () => {
    const root = instance();
    expect((await buildInstance({ root })).wrote).toBe(true);
    symlinkSync(join(root, "dist"), join(root, "linked"));
    const result = await buildInstance({ root, outDir: join(root, "linked") });
    expect(result.outProblem?.code).toBe("SL341");
  });

  it("replaces a previous bundle, writes into an empty folder, creates a missing one", async () => {
    const root = instance();
    expect((await buildInstance({ root })).wrote).toBe(true);
    writeFileSync(join(root, "dist", "assets", "stale.txt"), "from an old build");
    expect((await buildInstance({ root })).wrote).toBe(true);
    expect(existsSync(join(root, "dist", "assets", "stale.txt"))).toBe(false);
    mkdirSync(join(root, "empty"));
    expect((await buildInstance({ root, outDir: join(root, "empty") })).wrote).toBe(true);
    expect((await buildInstance({ root, outDir: join(root, "new", "out") })).wrote).toBe(true);
    expect(readdirSync(join(root, "new", "out")).sort()).toEqual([
      "assets",
      "worker",
      "wrangler.json",
    ]);
  });

  it("a failed build leaves no folder behind it made for --out, nor anything beside", async () => {
    const root = instance();
    writeFileSync(join(root, "custom", "links", "broken.yaml"), "- slug: x\n  target: nope\n");
    const before = tree(root);
    const result = await buildInstance({ root, outDir: join(root, "made", "for", "dist") });
    expect(result.wrote).toBe(false);
    expect(result.diagnostics.some((d) => d.severity === "error")).toBe(true);
    expect(tree(root)).toEqual(before);
  });

  it("replaces a previous bundle of an instance with private zones (its access.json is a bundle's)", async () => {
    const root = instance();
    const zone = "a".repeat(64);
    writeFileSync(
      join(root, "custom", "site.yaml"),
      `${readFileSync(join(root, "custom", "site.yaml"), "utf8")}access:\n  zones:\n    - name: staff\n      prefix: /staff\n      aud: ${zone}\n`,
    );
    expect((await buildInstance({ root })).wrote).toBe(true);
    expect(existsSync(join(root, "dist", "access.json"))).toBe(true);
    const again = await buildInstance({ root });
    expect(again.outProblem).toBeUndefined();
    expect(again.wrote).toBe(true);
  });

  it("SL341: a folder with a bundle's entries but no wrangler.json says it has none", async () => {
    const root = instance();
    mkdirSync(join(root, "half", "assets"), { recursive: true });
    const result = await buildInstance({ root, outDir: join(root, "half") });
    expect(result.outProblem?.code).toBe("SL341");
    expect(result.outProblem?.message).toContain("it has no wrangler.json");
  });

  it("a bundle folder that gained a stray file is no longer recognised (SL341)", async () => {
    const root = instance();
    expect((await buildInstance({ root })).wrote).toBe(true);
    writeFileSync(join(root, "dist", "my-notes.md"), "keep me");
    const result = await buildInstance({ root });
    expect(result.outProblem?.code).toBe("SL341");
    expect(result.outProblem?.message).toContain("my-notes.md");
    expect(readFileSync(join(root, "dist", "my-notes.md"), "utf8")).toBe("keep me");
  });
});

describe("build after a build that was killed", () => {
  it("removes stale .dist.new-* and .dist.old-* folders beside a complete dist/", async () => {
    const root = instance();
    expect((await buildInstance({ root })).wrote).toBe(true);
    mkdirSync(join(root, ".dist.new-0123456789ab", "assets"), { recursive: true });
    mkdirSync(join(root, ".dist.old-0123456789ab", "assets"), { recursive: true });
    writeFileSync(join(root, ".dist.lock"), deadOwner());
    expect((await buildInstance({ root })).wrote).toBe(true);
    expect(readdirSync(root).filter((n) => n.startsWith(".dist"))).toEqual([]);
  });

  it("restores the previous bundle when the kill fell between the two renames", async () => {
    const root = instance();
    expect((await buildInstance({ root })).wrote).toBe(true);
    renameSync(join(root, "dist"), join(root, ".dist.old-0123456789ab"));
    mkdirSync(join(root, ".dist.new-ba9876543210"));
    writeFileSync(join(root, "custom", "links", "zz.yaml"), "- slug: api\n  target: x\n");
    const failed = await buildInstance({ root });
    expect(failed.wrote).toBe(false);
    expect(readdirSync(join(root, "dist")).sort()).toEqual(["assets", "worker", "wrangler.json"]);
    expect(readdirSync(root).filter((n) => n.startsWith(".dist"))).toEqual([]);
  });
});

describe("concurrent builds of one output folder", () => {
  it("SL342: waits for a live build holding the lock, then refuses with who holds it", async () => {
    const root = instance();
    const live = { pid: process.pid, host: hostname(), since: Date.now(), token: "live" };
    writeFileSync(join(root, ".dist.lock"), JSON.stringify(live));
    const result = await buildInstance({ root, lockTimeoutMs: 300 });
    expect(result.outProblem?.code).toBe("SL342");
    expect(result.outProblem?.message).toContain(`process ${process.pid}`);
    expect(existsSync(join(root, "dist"))).toBe(false);
  });

  it("two builds at once both succeed and leave one complete bundle", async () => {
    const root = instance();
    const [a, b] = await Promise.all([buildInstance({ root }), buildInstance({ root })]);
    expect([a.wrote, b.wrote]).toEqual([true, true]);
    expect(readdirSync(join(root, "dist")).sort()).toEqual(["assets", "worker", "wrangler.json"]);
    expect(readdirSync(root).filter((n) => n.startsWith(".dist"))).toEqual([]);
  });
});
