/**
 * Child process: the built bundle under Node with the test assets stub. Prints one JSON line:
 * cold start (import, first request CPU and wall time), then a bounded loop of N requests over
 * the request paths (hits and misses), and memory. Run by bench/node-bench.mjs.
 *   node bench/node-run.mjs <worker.js> <assets-dir> <paths-file> <requests> <stub-module>
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [script, assetsDir, pathsFile, count, stubModule] = process.argv.slice(2);
const paths = readFileSync(pathsFile, "utf8").split("\n").filter(Boolean);
const { dirAssets } = await import(pathToFileURL(stubModule).href);
const env = { ASSETS: dirAssets(assetsDir) };
const ctx = { waitUntil: () => undefined };
const request = (path) => new Request(`https://links.example.com${path}`);

const importStart = performance.now();
const worker = (await import(pathToFileURL(script).href)).default;
const importMs = performance.now() - importStart;

const cpu0 = process.cpuUsage();
const t0 = performance.now();
const first = await worker.fetch(request(paths[0]), env, ctx);
const firstMs = performance.now() - t0;
const firstCpu = process.cpuUsage(cpu0);
const heapAfterFirst = process.memoryUsage().heapUsed;

const cpu1 = process.cpuUsage();
const t1 = performance.now();
const second = await worker.fetch(request(paths[1]), env, ctx);
const secondMs = performance.now() - t1;
const secondCpu = process.cpuUsage(cpu1);

// Warm-up (each of the first paths once: first visits, whose ASSETS reads are counted), then the
// measured loop (bounded by `count`).
const n = Number(count);
const firstVisits = Math.min(n, 5_000, paths.length);
const readsBefore = env.ASSETS.requests.length;
for (let i = 0; i < firstVisits; i++)
  await (await worker.fetch(request(paths[i]), env, ctx)).arrayBuffer();
const firstVisitReads = (env.ASSETS.requests.length - readsBefore) / firstVisits;
const samples = new Float64Array(n);
const statuses = {};
const loopStart = performance.now();
for (let i = 0; i < n; i++) {
  const s = performance.now();
  const response = await worker.fetch(request(paths[(i * 7919) % paths.length]), env, ctx);
  await response.arrayBuffer();
  samples[i] = performance.now() - s;
  statuses[response.status] = (statuses[response.status] ?? 0) + 1;
}
const loopMs = performance.now() - loopStart;
samples.sort();
const memory = process.memoryUsage();

console.log(
  JSON.stringify({
    importMs,
    first: {
      status: first.status,
      ms: firstMs,
      cpuUs: firstCpu.user + firstCpu.system,
      heapMiB: heapAfterFirst / 2 ** 20,
    },
    second: { status: second.status, ms: secondMs, cpuUs: secondCpu.user + secondCpu.system },
    loop: {
      requests: n,
      rps: n / (loopMs / 1000),
      meanUs: (loopMs * 1000) / n,
      p50Us: samples[Math.floor(n * 0.5)] * 1000,
      p99Us: samples[Math.floor(n * 0.99)] * 1000,
      statuses,
    },
    firstVisitReads,
    heapMiB: memory.heapUsed / 2 ** 20,
    rssMiB: memory.rss / 2 ** 20,
  }),
);
