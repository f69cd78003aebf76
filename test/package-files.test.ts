/**
 * The published package is the product: the CLI, the runtime sources it bundles, the defaults,
 * README, LICENSE and package.json, and nothing a user does not run (tests, fixtures,
 * benchmarks, test-only helpers). package.json `files` decides; this pins what it yields.
 */
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { PROBE_ENTRY } from "../lib/engines/analytics/send-test-events.js";
import { WORKER_ENTRY } from "../lib/stages/5-bundle/bundle-worker.js";
import { SHARED_MODULES } from "../lib/stages/4-assets/pages/static-assets.js";
import { REPO } from "./support/build-instance.js";
import { packedFileList } from "./support/packed.js";

const TOP_LEVEL = ["bin/", "out/", "runtime/", "defaults/", "README.md", "LICENSE", "package.json"];
const NOT_PRODUCT =
  /(^|\/)(tests?|fixtures?|bench|__\w+__)\/|\.(test|spec|bench)\.|(^|\/)test-|golden/;

/** Every runtime file reachable by imports (type imports included) from the bundled entries. */
function runtimeImportClosure(entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const info = ts.preProcessFile(readFileSync(join(REPO, file), "utf8"), true, true);
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith(".")) continue; // a package dependency, not a file of ours
      queue.push(normalize(join(dirname(file), fileName)).replace(/\.js$/, ".ts"));
    }
  }
  return [...seen].sort();
}

let files: string[];
beforeAll(async () => {
  files = await packedFileList();
});

describe("npm pack ships the product only", () => {
  it("every packed path is under bin/, out/, runtime/ or defaults/, or is README, LICENSE, package.json", () => {
    const strays = files.filter(
      (path) => !TOP_LEVEL.some((top) => path === top || path.startsWith(top)),
    );
    expect(strays).toEqual([]);
    for (const required of [
      "README.md",
      "LICENSE",
      "package.json",
      "bin/shortlinks.js",
      "out/cli.js",
      "out/prebuilt/worker.js",
      "out/prebuilt/lookup-result.js",
    ]) {
      expect(files).toContain(required);
    }
  });

  it("no source map is packed: the CLI's bundle is readable as it is", () => {
    expect(files.filter((path) => path.endsWith(".map"))).toEqual([]);
  });

  it("no test, fixture, benchmark or golden file is packed", () => {
    expect(files.filter((path) => NOT_PRODUCT.test(path))).toEqual([]);
  });

  it("the runtime sources packed are exactly those the worker, the page scripts and the analytics probe import", () => {
    const entries = [WORKER_ENTRY, ...Object.values(SHARED_MODULES), PROBE_ENTRY];
    const packedRuntime = files.filter(
      (path) => path.startsWith("runtime/") && path.endsWith(".ts"),
    );
    expect(packedRuntime).toEqual(runtimeImportClosure(entries));
    expect(files).toContain("runtime/tsconfig.json"); // esbuild reads it when bundling the worker
  });

  it("LICENSE is the MIT licence package.json names", () => {
    const pkg = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { license: string };
    expect(pkg.license).toBe("MIT");
    expect(readFileSync(join(REPO, "LICENSE"), "utf8")).toMatch(/^MIT License\n/);
  });
});
