/**
 * The worker isolate's V8 heap while a load runs: "used" sampled through the inspector during one
 * wrk load on a fresh workerd, "used" after the load, and what stays after a full collection.
 * Beside the bundle run the minimal Map worker and a worker that keeps nothing but allocates per
 * request about what a first visit reads (a 16 KiB string): how much of "used" is garbage that V8
 * has not collected yet, whatever the worker keeps.
 *
 *   node bench/heap-trace.mjs [--size 1m] [--load zipf] [--seconds 15] [--rounds 2] [--no-write]
 *
 * Run `npm run bench -- --sizes <size>` once first (it writes bench/.work/<size>/). Writes the
 * "Isolate heap under load" section of BENCHMARKS.md.
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { runLine, writeBenchmarksSection } from "../scripts/benchmarks-section.mjs";
import { startWorkerd } from "./workerd.mjs";
import { runWrk } from "./wrk.mjs";

const { values } = parseArgs({
  options: {
    size: { type: "string", default: "1m" },
    load: { type: "string", default: "zipf" },
    seconds: { type: "string", default: "15" },
    rounds: { type: "string", default: "2" },
    "no-write": { type: "boolean", default: false },
  },
});
const dir = join("bench/.work", values.size);
const seconds = Number(values.seconds);
const pathsFile = join(dir, `paths-${values.load}.txt`);
const dist = join(dir, "dist");
const wrangler = JSON.parse(readFileSync(join(dist, "wrangler.json"), "utf8"));
const assetsDir = join(dist, wrangler.assets.directory);

/** Keeps nothing; per request one 16 KiB string and a few small objects, then a redirect. */
const KEEP_NOTHING = `export default {
  async fetch(request) {
    const text = "x".repeat(16384) + request.url;
    const parts = request.url.split("/");
    return new Response(null, {
      status: 302,
      headers: { location: "https://example.com/" + (text.length + parts.length) },
    });
  },
};`;

const WORKERS = [
  ["the bundle", { scriptPath: join(dist, wrangler.main), assetsDir }],
  [
    "the minimal Map worker (holds every link)",
    { scriptPath: "bench/minimal-worker.js", assetsDir: join(dir, "minimal-assets") },
  ],
  [
    "a worker that keeps nothing (16 KiB of garbage per request)",
    { script: KEEP_NOTHING, assetsDir },
  ],
];

async function trace(spec) {
  const server = await startWorkerd({
    ...spec,
    compatibilityDate: wrangler.compatibility_date,
    inspector: true,
  });
  try {
    const first = readFileSync(pathsFile, "utf8").split("\n", 1)[0];
    await (await fetch(server.url + first, { redirect: "manual" })).arrayBuffer();
    const inspector = await server.inspect();
    try {
      const used = [];
      let running = true;
      const load = runWrk({ url: server.url, pathsFile, pids: server.pids, seconds }).finally(
        () => (running = false),
      );
      while (running) {
        used.push((await inspector.heap()).usedMiB);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const { requests, errors } = await load;
      const after = (await inspector.heap()).usedMiB;
      return {
        requests,
        errors,
        peak: Math.max(...used),
        after,
        retained: await inspector.retainedHeap(),
      };
    } finally {
      inspector.close();
    }
  } finally {
    await server.stop();
  }
}

const loadAtStart = loadavg()[0];
const rows = [];
for (let round = 0; round < Number(values.rounds); round++)
  for (const [name, spec] of WORKERS) {
    const result = await trace(spec);
    rows.push({ name, round, ...result });
    console.log(
      `${name}, round ${round}: ${result.requests} requests, used peak ${result.peak.toFixed(1)} / after ${result.after.toFixed(1)} MiB, retained ${result.retained.toFixed(1)} MiB`,
    );
  }

const mib = (n) => n.toFixed(1);
const section = [
  runLine(
    `node bench/heap-trace.mjs --size ${values.size} --load ${values.load} --seconds ${seconds} --rounds ${values.rounds}\` after \`npm run bench -- --sizes ${values.size}`,
    loadAtStart,
  ),
  "",
  `One wrk load (-t 2 -c 64, ${seconds} s, the ${values.load} paths of ${values.size}) per worker and round.`,
  "",
  `| worker | requests (each of ${values.rounds} rounds) | used, peak while loaded | used after the load | retained |`,
  "|---|---:|---:|---:|---:|",
  ...WORKERS.map(([name]) => {
    const runs = rows.filter((r) => r.name === name);
    const each = (pick) => runs.map(pick).join(" / ");
    const requests = (r) =>
      `${r.requests.toLocaleString("en-US")}${r.errors ? ` (${r.errors} errors)` : ""}`;
    return `| ${name} | ${each(requests)} | ${each((r) => mib(r.peak))} MiB | ${each((r) => mib(r.after))} MiB | ${each((r) => mib(r.retained))} MiB |`;
  }),
  "",
].join("\n");
if (!values["no-write"])
  writeBenchmarksSection("heap", section, { title: "Isolate heap under load" });
console.log(section);
