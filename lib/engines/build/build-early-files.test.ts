/**
 * A build hands its large files to the new tree as soon as they are made (compile's `writeNow`,
 * docs/performance.md "Build memory"): a build that fails after that still leaves the previous
 * bundle as it was, and no temp folder.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { diag } from "../../shared/diagnostics.js";

const COMPILE = "../../stages/compile.js";
type Compile = typeof import("../../stages/compile.js");

// Loaded afresh with compileInstance spied on: a suite's files may share the modules they load,
// and a build.js loaded before this file would call the real compileInstance.
let compile: Compile;
let buildInstance: typeof import("./build.js").buildInstance;

const FIXTURE = join(import.meta.dirname, "..", "..", "..", "fixtures", "valid-basic", "custom");
let work: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "shortlinks-build-early-"));
  vi.resetModules();
  vi.doMock(COMPILE, async (original) => {
    const real = await original<Compile>();
    return { ...real, compileInstance: vi.fn(real.compileInstance) };
  });
  compile = (await import(COMPILE)) as Compile;
  ({ buildInstance } = await import("./build.js"));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  vi.doUnmock(COMPILE);
  vi.resetModules();
});

const tree = (dir: string) => readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();

it("a build that fails after writing files early leaves the previous bundle and no temp folder", async () => {
  const root = join(work, "instance");
  cpSync(FIXTURE, join(root, "custom"), { recursive: true });
  expect((await buildInstance({ root })).wrote).toBe(true);
  const before = tree(join(root, "dist"));
  const page = readFileSync(join(root, "dist", "assets", "links-stats", "0.json"), "utf8");
  vi.mocked(compile.compileInstance).mockImplementationOnce(async (options) => {
    expect(options.writeNow).toBeDefined();
    options.writeNow?.("assets/links-stats/0.json", () => "a page of the failed build\n");
    options.writeNow?.("assets/links-stats/9999.json", () => "another\n");
    const late = diag("SL330", { file: "(generated)", line: 0 }, "a shard fails its schema");
    return {
      diagnostics: [late],
      summary: compile.EMPTY_SUMMARY,
      links: [],
      blocklist: compile.EMPTY_BLOCKLIST,
    };
  });
  const failed = await buildInstance({ root });
  expect(failed.wrote).toBe(false);
  expect(tree(join(root, "dist"))).toEqual(before);
  expect(readFileSync(join(root, "dist", "assets", "links-stats", "0.json"), "utf8")).toBe(page);
  expect(readdirSync(root).filter((name) => name.startsWith(".dist."))).toEqual([]);
});
