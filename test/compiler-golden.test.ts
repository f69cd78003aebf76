/**
 * The valid fixture is built into a temp folder; the file list, every JSON (Lines) asset and `_headers`
 * are compared with fixtures/valid-basic/expected/ (UPDATE_GOLDENS=1 rewrites them). The worker's
 * bytes are not goldened: the build is run twice and must be byte-identical instead.
 */
import {
  cpSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildInstance } from "../lib/engines/build/build.js";
import { errorsIn } from "../lib/shared/diagnostics.js";
import { expectGolden } from "./golden.js";
import { REGISTRY_FILTER } from "../runtime/contract/index.js";
import { WORKER_FILE } from "../lib/shared/paths.js";

const FIXTURE = join(import.meta.dirname, "..", "fixtures", "valid-basic");
const EXPECTED = join(FIXTURE, "expected");
let work: string;

function listTree(dir: string, prefix = ""): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) =>
      statSync(join(dir, name)).isDirectory()
        ? listTree(join(dir, name), `${prefix}${name}/`)
        : [`${prefix}${name}`],
    );
}

function copyInstance(): string {
  const root = mkdtempSync(join(work, "instance-"));
  cpSync(join(FIXTURE, "custom"), join(root, "custom"), { recursive: true });
  return root;
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "shortlinks-golden-"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("golden build of fixtures/valid-basic", () => {
  it("writes the expected file list, JSON assets and _headers", async () => {
    const root = copyInstance();
    const result = await buildInstance({ root });
    expect(errorsIn(result.diagnostics)).toEqual([]);
    const dist = join(root, "dist");
    const files = listTree(dist);
    expectGolden(join(EXPECTED, "files.txt"), files.join("\n") + "\n");
    const goldened = files.filter(
      (f) =>
        f.endsWith(".json") ||
        f.endsWith(".jsonl") ||
        f.endsWith("_headers") ||
        f.endsWith("robots.txt"),
    );
    for (const file of goldened)
      expectGolden(join(EXPECTED, file), readFileSync(join(dist, file), "utf8"));
    // The filter too, so expected/assets is a whole runtime assets folder (the warm-up test reads it).
    const filter = "assets" + REGISTRY_FILTER.path;
    expectGolden(join(EXPECTED, filter), readFileSync(join(dist, filter)));
    expect(readFileSync(join(root, "src", "worker.js"), "utf8")).toBe(
      readFileSync(join(dist, WORKER_FILE), "utf8"),
    );
  });

  it("building twice gives a byte-identical dist/", async () => {
    const root = copyInstance();
    await buildInstance({ root, outDir: join(root, "a") });
    await buildInstance({ root, outDir: join(root, "b") });
    const a = listTree(join(root, "a"));
    expect(listTree(join(root, "b"))).toEqual(a);
    for (const file of a)
      expect(
        readFileSync(join(root, "b", file)).equals(readFileSync(join(root, "a", file))),
        file,
      ).toBe(true);
  });

  it("a failed build leaves the previous dist/ untouched", async () => {
    const root = copyInstance();
    const first = await buildInstance({ root });
    expect(first.wrote).toBe(true);
    const before = listTree(join(root, "dist")).map((f) => [
      f,
      readFileSync(join(root, "dist", f)).toString("base64"),
    ]);
    writeFileSync(
      join(root, "custom", "links", "broken.yaml"),
      "- slug: api\n  target: ftp://example.com/\n",
    );
    const second = await buildInstance({ root });
    expect(second.wrote).toBe(false);
    expect(
      errorsIn(second.diagnostics)
        .map((d) => d.code)
        .sort(),
    ).toEqual(["SL205", "SL303"]);
    const after = listTree(join(root, "dist")).map((f) => [
      f,
      readFileSync(join(root, "dist", f)).toString("base64"),
    ]);
    expect(after).toEqual(before);
    expect(readdirSync(root).filter((n) => n.startsWith(".dist"))).toEqual([]);
  });

  it("the worker bundle stays within its size budget (1 MiB, the free plan allows 3 MiB compressed)", async () => {
    const root = copyInstance();
    const result = await buildInstance({ root });
    expect(result.summary.workerBytes).toBeGreaterThan(0);
    expect(result.summary.workerBytes).toBeLessThan(1024 * 1024);
  });
});
