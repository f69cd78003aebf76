/**
 * What every start of the CLI loads: out/cli.js is one bundle holding the CLI's packages too (Node
 * resolving and loading each of their files was most of a start), all but esbuild (its native
 * binary is found from its package; the runtime's bundles are prebuilt, so only a bundle of
 * another entry starts it) and miniflare (most of a second, needed by `serve` and `analytics
 * test` only, so imported where they start workerd). The figures are in
 * BENCHMARKS.md ("CLI start"); this pins the structure, not a time.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import module from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "./support/build-instance.js";

/** Packages only some commands need, imported inside them (`await import(...)`). */
const LOADED_ON_DEMAND = ["miniflare", "esbuild"];

/**
 * The modules that run at a worker isolate's start (the entry and its warm-ups): only the worker
 * bundle holds them. A module the CLI's bundle does not hold cannot run when `--help` or `check`
 * starts (esbuild marks each bundled module with a `// path` line).
 */
const WORKER_START = ["runtime/worker.ts", "runtime/warm-up.ts", "runtime/stats/warm-up.ts"];

function staticImports(bundle: string): string[] {
  return [...bundle.matchAll(/^import\s[^;]*?\sfrom\s*"([^"]+)";?$|^import\s*"([^"]+)";?$/gm)].map(
    (m) => m[1] ?? m[2],
  );
}

describe("CLI start", () => {
  const bundle = readFileSync(join(REPO, "out", "cli.js"), "utf8");

  it("out/cli.js holds its packages: it imports only Node's own modules at start", () => {
    const packages = staticImports(bundle).filter((name) => !name.startsWith("node:"));
    expect([...new Set(packages)]).toEqual([]);
    expect(bundle).toContain("\n// node_modules/commander/");
    expect(bundle).toContain("\n// node_modules/zod/");
  });

  it("the runtime engine is in out/cli.js: explain, check and diff answer through it", () => {
    expect(bundle).toContain("\n// runtime/engine/answer.ts\n");
  });

  it.each(WORKER_START)("%s is not in out/cli.js: no command starts a worker's warm-up", (path) => {
    expect(bundle).not.toContain(`\n// ${path}\n`);
  });

  it.each(LOADED_ON_DEMAND)("%s is imported on demand only, never at start", (name) => {
    expect(staticImports(bundle)).not.toContain(name);
    expect(bundle).toContain(`import("${name}")`);
  });

  it("keeps V8's compiled code between runs where Node can (22.1+), and writes none on Node 20", () => {
    const temp = mkdtempSync(join(tmpdir(), "shortlinks-compile-cache-"));
    const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: temp };
    delete env.NODE_COMPILE_CACHE;
    const run = spawnSync(process.execPath, [join(REPO, "bin", "shortlinks.js"), "--version"], {
      env,
      encoding: "utf8",
    });
    expect(run.status).toBe(0);
    const nodeCanCache = typeof module.enableCompileCache === "function";
    expect(readdirSync(temp).includes("node-compile-cache")).toBe(nodeCanCache);
  });
});
