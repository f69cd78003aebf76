/**
 * Two workers on the hot set of one benchmark size, interleaved: a fresh workerd per worker and
 * round (order alternating), the hot paths requested twice, then wrk over them. Prints each
 * round and the medians. For a quick A/B after a change, where one full `npm run bench` is too
 * noisy on a shared machine. Run `npm run bench -- --sizes <size>` once first (it writes
 * bench/.work/<size>/).
 *
 *   node bench/compare.mjs --size 1m [--a <worker.js>] [--b minimal|<worker.js>] [--rounds 5] [--seconds 4]
 *
 * `--a` defaults to the size's built bundle, `--b` to the minimal Map-lookup worker (with its
 * own assets); a bundle given as `--b` runs on the size's built assets.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startWorkerd } from "./workerd.mjs";
import { runWrk } from "./wrk.mjs";

const { values } = parseArgs({
  options: {
    size: { type: "string", default: "1k" },
    a: { type: "string" },
    b: { type: "string", default: "minimal" },
    rounds: { type: "string", default: "5" },
    seconds: { type: "string", default: "4" },
  },
});
const dir = join("bench/.work", values.size);
const wrangler = JSON.parse(readFileSync(join(dir, "dist/wrangler.json"), "utf8"));
const bundleAssets = join(dir, "dist", wrangler.assets.directory);
const workers = {
  a: { scriptPath: values.a ?? join(dir, "dist", wrangler.main), assetsDir: bundleAssets },
  b:
    values.b === "minimal"
      ? { scriptPath: "bench/minimal-worker.js", assetsDir: join(dir, "minimal-assets") }
      : { scriptPath: values.b, assetsDir: bundleAssets },
};
const hotFile = join(dir, "paths-hot.txt");
const hotPaths = readFileSync(hotFile, "utf8").split("\n").filter(Boolean);
const runs = { a: [], b: [] };

for (let round = 0; round < Number(values.rounds); round++) {
  const order = round % 2 ? ["b", "a"] : ["a", "b"];
  for (const name of order) {
    const server = await startWorkerd({
      ...workers[name],
      compatibilityDate: wrangler.compatibility_date,
    });
    try {
      for (let pass = 0; pass < 2; pass++)
        for (const path of hotPaths)
          await (await fetch(server.url + path, { redirect: "manual" })).arrayBuffer();
      const result = await runWrk({
        url: server.url,
        pathsFile: hotFile,
        pids: server.pids,
        seconds: Number(values.seconds),
      });
      runs[name].push(result);
      console.log(
        `round ${round} ${name}: ${Math.round(result.rps)} req/s, ${result.cpuUsPerRequest.toFixed(0)} µs CPU/request`,
      );
    } finally {
      await server.stop();
    }
  }
}

const median = (xs) => xs.slice().sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const rps = (name) => median(runs[name].map((r) => r.rps));
const cpu = (name) => median(runs[name].map((r) => r.cpuUsPerRequest));
console.log(
  `median: a ${Math.round(rps("a"))} req/s, ${cpu("a").toFixed(0)} µs; b ${Math.round(rps("b"))} req/s, ${cpu("b").toFixed(0)} µs; ` +
    `a/b throughput ${(rps("a") / rps("b")).toFixed(2)}x, CPU per request ${(cpu("a") / cpu("b")).toFixed(2)}x`,
);
