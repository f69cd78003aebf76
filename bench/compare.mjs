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
import { startWorkerd } from "./workerd.mjs";
import { runWrk } from "./wrk.mjs";

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
const headers = Object.fromEntries(
  values.header.map((line) => [
    line.slice(0, line.indexOf(":")),
    line.slice(line.indexOf(":") + 1).trim(),
  ]),
);
const hotPaths = readFileSync(join(dir, "paths-hot.txt"), "utf8").split("\n").filter(Boolean);
const pathsFile = join(dir, `paths-${values.load}.txt`);
const runs = { a: [], b: [] };
const median = (xs) => xs.slice().sort((x, y) => x - y)[Math.floor(xs.length / 2)];

if (values.load === "cold") {
  const requests = coldRequests(SIZES[values.size]);
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

for (let round = 0; round < Number(values.rounds); round++) {
  const order = round % 2 ? ["b", "a"] : ["a", "b"];
  for (const name of order) {
    const server = await startWorkerd({ ...workers[name], inspector: values.profile });
    try {
      for (let pass = 0; pass < 2; pass++)
        for (const path of hotPaths)
          await (await fetch(server.url + path, { redirect: "manual", headers })).arrayBuffer();
      const load = () =>
        runWrk({
          url: server.url,
          pathsFile,
          pids: server.pids,
          seconds: Number(values.seconds),
          headers: values.header,
        });
      let result;
      if (values.profile) {
        const inspector = await server.inspect();
        const profiled = await inspector.profile(load);
        inspector.close();
        result = { ...profiled.value, ownUs: (profiled.ownMs * 1000) / profiled.value.requests };
      } else result = await load();
      runs[name].push(result);
      const own = values.profile ? `, ${result.ownUs.toFixed(0)} µs own` : "";
      console.log(
        `round ${round} ${name}: ${Math.round(result.rps)} req/s, ${result.cpuUsPerRequest.toFixed(0)} µs CPU/request${own}`,
      );
    } finally {
      await server.stop();
    }
  }
}

const of = (name, key) => median(runs[name].map((r) => r[key]));
const own = values.profile
  ? `; own CPU a ${of("a", "ownUs").toFixed(0)} µs, b ${of("b", "ownUs").toFixed(0)} µs, a/b ${(of("a", "ownUs") / of("b", "ownUs")).toFixed(2)}x`
  : "";
console.log(
  `median (${values.size}, ${values.load}): a ${Math.round(of("a", "rps"))} req/s, ${of("a", "cpuUsPerRequest").toFixed(0)} µs; b ${Math.round(of("b", "rps"))} req/s, ${of("b", "cpuUsPerRequest").toFixed(0)} µs; ` +
    `a/b throughput ${(of("a", "rps") / of("b", "rps")).toFixed(2)}x, CPU per request ${(of("a", "cpuUsPerRequest") / of("b", "cpuUsPerRequest")).toFixed(2)}x${own}`,
);
if (values.json) {
  const side = (name) => ({
    rps: of(name, "rps"),
    cpuUsPerRequest: of(name, "cpuUsPerRequest"),
    ...(values.profile ? { ownUs: of(name, "ownUs") } : {}),
  });
  const summary = {
    size: values.size,
    load: values.load,
    rounds: Number(values.rounds),
    a: side("a"),
    b: side("b"),
    throughput: of("a", "rps") / of("b", "rps"),
    cpuPerRequest: of("a", "cpuUsPerRequest") / of("b", "cpuUsPerRequest"),
  };
  writeFileSync(values.json, JSON.stringify(summary, null, 2) + "\n");
}
