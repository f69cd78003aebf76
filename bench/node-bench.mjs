/** The bundle under Node, in a fresh child process per size (so cold start and memory are its own). */
import { execFile } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";

const run = promisify(execFile);
const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = join(HERE, "..");

/** Compiles test/support/assets-stub.ts (the tests' ASSETS stub) to a plain module in `workDir`. */
export async function compileAssetsStub(workDir) {
  const outfile = join(workDir, "assets-stub.mjs");
  await build({
    entryPoints: [join(REPO, "test/support/assets-stub.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    logLevel: "warning",
  });
  return outfile;
}

export async function runNodeBench({ script, assetsDir, pathsFile, requests, stubModule }) {
  const { stdout } = await run(
    process.execPath,
    [join(HERE, "node-run.mjs"), script, assetsDir, pathsFile, String(requests), stubModule],
    { timeout: 600_000, killSignal: "SIGKILL", maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split("\n").pop());
}
