/**
 * SL505 on a shard: `check` counts its size from its records; `build` measures its text once, as
 * the write makes it, and a shard over the limit fails the write and leaves the previous output.
 * The limit is lowered for this file so that a shard of a small instance crosses it.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { isError, type Diagnostic } from "../../shared/diagnostics.js";
import { tinyInstance } from "../../../test/support/tiny-instance.js";

/** Above every other file of the instance (src/worker.js is about 240 KB), below the shard. */
const LIMIT = 260_000;
const CONTRACT = "../../../runtime/contract/index.js";

// Loaded afresh with the lowered limit: a suite's files may share the modules they load.
let buildInstance: typeof import("./build.js").buildInstance;
let compileInstance: typeof import("../../stages/compile.js").compileInstance;
beforeAll(async () => {
  vi.resetModules();
  vi.doMock(CONTRACT, async (original) => ({
    ...(await original<typeof import("../../../runtime/contract/index.js")>()),
    MAX_ASSET_BYTES: LIMIT,
  }));
  ({ buildInstance } = await import("./build.js"));
  ({ compileInstance } = await import("../../stages/compile.js"));
});
afterAll(() => {
  vi.doUnmock(CONTRACT);
  vi.resetModules();
});

const links = (count: number, text: number, from = 0) =>
  Array.from({ length: count }, (_, i) =>
    [
      `- slug: l${from + i}`,
      `  target: https://example.com/`,
      `  title: ${"t".repeat(Math.min(text, 200))}`,
      `  description: ${"d".repeat(text)}`,
      `  notes: ${"n".repeat(text)}\n`,
    ].join("\n"),
  ).join("");

/** 64 links (one shard) of long texts: the shard over the limit, each source file under it. */
function longNotes(root: string): void {
  for (let file = 0; file < 4; file++)
    writeFileSync(join(root, "custom", "links", `l${file}.yaml`), links(16, 2000, file * 16));
  writeFileSync(join(root, "custom", "links", "links.yaml"), "[]\n");
}

const errors = (diagnostics: Diagnostic[]) => diagnostics.filter(isError).map((d) => d.code);

let root = "";
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("SL505: a shard over the per-file limit", () => {
  it("build refuses it as the write makes its text, and leaves the previous output", async () => {
    root = tinyInstance("shortlinks-shard-limit-", links(2, 10));
    const out = join(root, "dist");
    expect((await buildInstance({ root, outDir: out })).wrote).toBe(true);
    const shard = join(out, "assets", "links-shards", "0.jsonl");
    const before = readFileSync(shard, "utf8");
    expect(before.length).toBeLessThan(LIMIT);

    longNotes(root);
    const result = await buildInstance({ root, outDir: out });
    expect(result.wrote).toBe(false);
    expect(errors(result.diagnostics)).toEqual(["SL505"]);
    expect(result.diagnostics.find(isError)!.message).toContain("assets/links-shards/0.jsonl");
    expect(readFileSync(shard, "utf8")).toBe(before);
    expect(readdirSync(dirname(out)).filter((name) => name.startsWith(".dist."))).toEqual([]);
  });

  it("check counts it from the records, without its text", async () => {
    root = tinyInstance("shortlinks-shard-limit-", "[]\n");
    longNotes(root);
    const result = await compileInstance({ root, skipBundle: true });
    expect(errors(result.diagnostics)).toEqual(["SL505"]);
    expect(result.files).toBeUndefined();
  });
});
