/**
 * A build hands its large files to the new tree as soon as they are made (compile's `writeNow`,
 * docs/performance.md "Build memory"): a build that fails after that still leaves the previous
 * bundle as it was, and no temp folder.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import * as compile from "../../stages/compile.js";
import { diag } from "../../shared/diagnostics.js";
import { buildInstance } from "./build.js";

vi.mock("../../stages/compile.js", async (original) => {
  const real = await original<typeof compile>();
  return { ...real, compileInstance: vi.fn(real.compileInstance) };
});

const FIXTURE = join(import.meta.dirname, "..", "..", "..", "fixtures", "valid-basic", "custom");
let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "shortlinks-build-early-"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const tree = (dir: string) => readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();

it("a build that fails after writing files early leaves the previous bundle and no temp folder", async () => {
  const root = join(work, "instance");
  cpSync(FIXTURE, join(root, "custom"), { recursive: true });
  expect((await buildInstance({ root })).wrote).toBe(true);
  const before = tree(join(root, "dist"));
  const page = readFileSync(join(root, "dist", "assets", "links-stats", "0.json"), "utf8");
  vi.mocked(compile.compileInstance).mockImplementationOnce(async (options) => {
    expect(options.writeNow).toBeDefined();
    options.writeNow?.("assets/links-stats/0.json", "a page of the failed build\n");
    options.writeNow?.("assets/links-stats/9999.json", "another\n");
    const late = diag("SL330", { file: "(generated)", line: 0 }, "a shard fails its schema");
    const summary = {
      links: 0,
      exact: 0,
      splat: 0,
      placeholder: 0,
      shards: 0,
      files: 0,
      workerBytes: 0,
    };
    return { diagnostics: [late], summary, links: [], blocklist: compile.EMPTY_BLOCKLIST };
  });
  const failed = await buildInstance({ root });
  expect(failed.wrote).toBe(false);
  expect(tree(join(root, "dist"))).toEqual(before);
  expect(readFileSync(join(root, "dist", "assets", "links-stats", "0.json"), "utf8")).toBe(page);
  expect(readdirSync(root).filter((name) => name.startsWith(".dist."))).toEqual([]);
});
