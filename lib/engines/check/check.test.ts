// `check` measures the stats pages as they are made and lets them go (docs/performance.md,
// "Check lets the stats pages go"): its result holds none, counts them all, and the only rule run
// after the compile that could reach them (an expectation on the stats API) is answered without.
import { cp, mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CASE_INSTANCE } from "../../../test/support/build-instance.js";
import { compileInstance } from "../../stages/compile.js";
import { checkInstance } from "./check.js";

const STATS_PAGE = /(^|\/)links-stats\/\d+\.json$/;
const REGISTRY_FILE = /(^|\/)links-shards\/(\d+\.jsonl|filter\.bin)$/;

const sizeOf = (file: { content: string | Uint8Array; bytes?: () => number }) =>
  file.bytes ? file.bytes() : Buffer.byteLength(file.content);

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "shortlinks-check-pages-"));
  await cp(CASE_INSTANCE, root, { recursive: true });
});

describe("check: the stats pages and the registry", () => {
  it("are counted among the files but not held in the result", async () => {
    const checked = await checkInstance({ root });
    const kept = await compileInstance({ root });
    const pages = (kept.files ?? []).filter((f) => STATS_PAGE.test(f.path));
    expect(pages.length).toBeGreaterThan(0);
    expect((checked.files ?? []).filter((f) => STATS_PAGE.test(f.path))).toEqual([]);
    expect(checked.summary.files).toBe(kept.summary.files);
    expect(checked.files?.length).toBe((kept.files?.length ?? 0) - pages.length);
  });

  it("without expectations the registry is counted, not made: the made one's files and sizes", async () => {
    const checked = await checkInstance({ root });
    const kept = await compileInstance({ root });
    const made = (kept.files ?? []).filter((f) => REGISTRY_FILE.test(f.path));
    const counted = (checked.files ?? []).filter((f) => REGISTRY_FILE.test(f.path));
    for (const end of [".jsonl", ".bin"]) expect(made.some((f) => f.path.endsWith(end))).toBe(true);
    expect(counted.map((f) => [f.path, sizeOf(f)])).toEqual(
      made.map((f) => [f.path, Buffer.byteLength(f.content)]),
    );
    for (const file of counted) expect(() => file.content).toThrow(/measured, not made/);
  });

  it("an expectation on the stats API is met without them: Access refuses it first", async () => {
    await writeFile(
      join(root, "custom", "tests.yaml"),
      "- path: /en/_stats/api/links.json\n  status: 403\n",
    );
    const checked = await checkInstance({ root });
    expect(checked.diagnostics.filter((d) => d.code === "SL506")).toEqual([]);
    expect(await readdir(root)).not.toContain("dist");
    // With an expectation the registry is made, for the runtime to answer it.
    const shards = (checked.files ?? []).filter((f) => REGISTRY_FILE.test(f.path));
    expect(shards.length).toBeGreaterThan(0);
    for (const file of shards) expect(Buffer.byteLength(file.content)).toBe(sizeOf(file));
  });
});
