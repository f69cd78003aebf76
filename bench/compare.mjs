/**
 * Two workers on one load of one benchmark size, interleaved: a fresh workerd per worker and
 * round (order alternating), the hot paths requested twice, then wrk over the chosen paths. Prints
 * each round and the medians. For a quick A/B after a change, where one full `npm run bench` is too
 * noisy on a shared machine. Run `npm run bench -- --sizes <size>` once first (it writes
 * bench/.work/<size>/).
 *
 *   node bench/compare.mjs --size 1m [--a <dist|worker.js>] [--b minimal|<dist|worker.js>]
 *     [--load hot|mixed|hits|misses|zipf|cold] [--profile] [--rounds 5] [--seconds 4]
 *     [--header "Name: value" ...] [--json FILE]
 *
 * `--a` defaults to the size's built bundle, `--b` to the minimal Map-lookup worker (with its
 * own assets). A worker.js runs on the size's built assets; a dist folder (a build's output, with
 * its wrangler.json) runs its own worker on its own assets, so two registry formats can be
 * compared. `--profile` runs each load under the CPU profiler and adds the worker isolate's own
 * CPU per request. `--load cold` starts a fresh workerd per worker and round and profiles its first
 * request (the size's redirecting requests from the round's index on, as `npm run bench` does):
 * the isolate's own CPU of a cold first redirect, median over the rounds. `--json FILE` also writes
 * the medians there, for a bench script's table.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { SIZES } from "./generate.mjs";
import { coldRequests, coldStart } from "./run-size.mjs";
import { interleavedLoads, median, pairSummary } from "./interleave.mjs";

const LOADS = ["hot", "mixed", "hits", "misses", "zipf", "cold"];
const { values } = parseArgs({
  options: {
    size: { type: "string", default: "1k" },
    a: { type: "string" },
    b: { type: "string", default: "minimal" },
    load: { type: "string", default: "hot" },
    profile: { type: "boolean", default: false },
    rounds: { type: "string", default: "5" },
    seconds: { type: "string", default: "4" },
    header: { type: "string", multiple: true, default: [] },
    json: { type: "string" },
  },
});
if (!LOADS.includes(values.load)) throw new Error(`--load: one of ${LOADS.join(", ")}`);
const dir = join("bench/.work", values.size);
const built = join(dir, "dist");

/** A dist folder's worker and assets, as its wrangler.json names them. */
function distWorker(dist) {
  const wrangler = JSON.parse(readFileSync(join(dist, "wrangler.json"), "utf8"));
  return {
    scriptPath: join(dist, wrangler.main),
    assetsDir: join(dist, wrangler.assets.directory),
    compatibilityDate: wrangler.compatibility_date,
  };
}
const builtWorker = () => distWorker(built);

function workerOf(spec) {
  if (spec === undefined) return builtWorker();
  if (spec === "minimal")
    return {
      ...builtWorker(),
      scriptPath: "bench/minimal-worker.js",
      assetsDir: join(dir, "minimal-assets"),
    };
  if (existsSync(spec) && statSync(spec).isDirectory()) return distWorker(spec);
  return { ...builtWorker(), scriptPath: spec };
}
const workers = { a: workerOf(values.a), b: workerOf(values.b) };
const hotPaths = readFileSync(join(dir, "paths-hot.txt"), "utf8").split("\n").filter(Boolean);
const pathsFile = join(dir, `paths-${values.load}.txt`);

if (values.load === "cold") {
  const requests = coldRequests(SIZES[values.size]);
  const runs = { a: [], b: [] };
  for (let round = 0; round < Number(values.rounds); round++) {
    const order = round % 2 ? ["b", "a"] : ["a", "b"];
    for (const name of order) {
      const { first } = await coldStart(workers[name], requests[round], requests[round + 1]);
      runs[name].push(first.ownMs);
      console.log(
        `round ${round} ${name}: ${requests[round].path} ${first.status}, ${first.ownMs.toFixed(2)} ms own (${first.top.join(", ")})`,
      );
    }
  }
  console.log(
    `median (${values.size}, cold first request, isolate's own CPU): a ${median(runs.a).toFixed(2)} ms, b ${median(runs.b).toFixed(2)} ms`,
  );
  process.exit(0);
}

const runs = await interleavedLoads({
  workers,
  hotPaths,
  pathsFile,
  rounds: Number(values.rounds),
  seconds: Number(values.seconds),
  headers: values.header,
  profile: values.profile,
  log: console.log,
});
const pair = pairSummary(runs);
if (values.profile)
  for (const name of ["a", "b"]) pair[name].ownUs = median(runs[name].map((r) => r.ownUs));
const { a, b } = pair;
const own = values.profile
  ? `; own CPU a ${a.ownUs.toFixed(0)} µs, b ${b.ownUs.toFixed(0)} µs, a/b ${(a.ownUs / b.ownUs).toFixed(2)}x`
  : "";
console.log(
  `median (${values.size}, ${values.load}): a ${Math.round(a.rps)} req/s, ${a.cpuUsPerRequest.toFixed(0)} µs; b ${Math.round(b.rps)} req/s, ${b.cpuUsPerRequest.toFixed(0)} µs; ` +
    `a/b throughput ${pair.throughput.toFixed(2)}x, CPU per request ${pair.cpuPerRequest.toFixed(2)}x${own}`,
);
if (values.json) {
  const summary = { size: values.size, load: values.load, ...pair };
  writeFileSync(values.json, JSON.stringify(summary, null, 2) + "\n");
}
