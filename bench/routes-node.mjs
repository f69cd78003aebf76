/**
 * The two builds of scripts/bench-routes.mjs under Node, in this process: each bundle answers the
 * same requests (a browser's User-Agent and Accept-Language, a distinct query each) in
 * interleaved rounds, and the process CPU per request (process.cpuUsage) of each is compared.
 * CPU time, not wall time: on a loaded machine the other processes inflate it less than they
 * inflate the sampling profiler's intervals.
 *
 *   node bench/routes-node.mjs <work dir> [rounds] [requests per round]
 *
 * Prints the medians and writes them to <work dir>/node.json (scripts/bench-routes.mjs's table).
 */
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { compileAssetsStub } from "./node-bench.mjs";

const [work, roundsText = "21", perRoundText = "3000"] = process.argv.slice(2);
const loadAtStart = loadavg()[0];
const { dirAssets } = await import(pathToFileURL(await compileAssetsStub(work)).href);
const HEADERS = {
  "user-agent":
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  "accept-language": "en-US,en;q=0.9",
};
const ctx = { waitUntil: () => undefined };

async function load(name) {
  const dist = join(work, name, "dist");
  const worker = (await import(pathToFileURL(join(dist, "worker/worker.js")).href)).default;
  return { name, worker, env: { ASSETS: dirAssets(join(dist, "assets")) } };
}

let n = 0;
async function answer({ worker, env }, count) {
  for (let i = 0; i < count; i++) {
    const request = new Request(`https://go.example.org/r10?n=${n++}`, { headers: HEADERS });
    const response = await worker.fetch(request, env, ctx);
    if (response.status !== 302) throw new Error(`status ${response.status}`);
  }
}

const sides = [await load("routes"), await load("plain")];
for (const side of sides) await answer(side, 3000); // warm-up: JIT and the isolate's caches
const cpu = { routes: [], plain: [] };
for (let round = 0; round < Number(roundsText); round++) {
  for (const side of round % 2 ? [...sides].reverse() : sides) {
    const before = process.cpuUsage();
    await answer(side, Number(perRoundText));
    const used = process.cpuUsage(before);
    cpu[side.name].push((used.user + used.system) / Number(perRoundText));
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const [a, b] = [median(cpu.routes), median(cpu.plain)];
// Each round's two runs are neighbours in time: the median of their differences is the steadier figure.
const paired = median(cpu.routes.map((v, i) => v - cpu.plain[i]));
console.log(
  `node, CPU per request (median of ${roundsText} rounds of ${perRoundText}): ten routes ${a.toFixed(1)} µs, none ${b.toFixed(1)} µs; median difference of a round's pair ${paired.toFixed(1)} µs`,
);
console.log(
  `rounds: routes ${cpu.routes.map((v) => v.toFixed(1)).join(" ")}; none ${cpu.plain.map((v) => v.toFixed(1)).join(" ")}`,
);
writeFileSync(
  join(work, "node.json"),
  JSON.stringify(
    {
      rounds: Number(roundsText),
      perRound: Number(perRoundText),
      routes: a,
      plain: b,
      paired,
      loadAtStart,
    },
    null,
    2,
  ) + "\n",
);
