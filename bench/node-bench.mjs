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
export const compileAssetsStub = (workDir) =>
  compileModule("test/support/assets-stub.ts", join(workDir, "assets-stub.mjs"));

/** Compiles runtime/registry/shard-format.ts (how the runtime finds a record) for the benchmark. */
export const compileShardFormat = (workDir) =>
  compileModule("runtime/registry/shard-format.ts", join(workDir, "shard-format.mjs"));

async function compileModule(entry, outfile) {
  await build({
    entryPoints: [join(REPO, entry)],
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
