// A slow or failing analytics provider never delays a redirect. Builds the example
// instance, imports the built worker in Node, and times GET /docs with both providers pointed at
// a local collector that answers at once, never answers, or answers 500 — interleaved in one run.
// Usage: node bench/analytics-latency.mjs [requests-per-mode] [--no-write]. Writes the current
// "Analytics" table of BENCHMARKS.md.
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { runLine, writeBenchmarksSection } from "../scripts/benchmarks-section.mjs";

const args = process.argv.slice(2);
const N = Number(args.find((a) => /^\d+$/.test(a)) ?? 500);
const loadAtStart = loadavg()[0];
const REPO = join(import.meta.dirname, "..");
const out = await mkdtemp(join(tmpdir(), "shortlinks-analytics-bench-"));
execFileSync(
  process.execPath,
  [join(REPO, "bin/shortlinks.js"), "build", "--root", REPO, "--out", out],
  { stdio: "ignore" },
);
const wrangler = JSON.parse(await readFile(join(out, "wrangler.json"), "utf8"));
const worker = (await import(pathToFileURL(join(out, wrangler.main)).href)).default;

const assets = {
  async fetch(request) {
    try {
      const path = decodeURIComponent(new URL(request.url).pathname);
      return new Response(await readFile(join(out, "assets", path)));
    } catch {
      return new Response("Not found", { status: 404 });
    }
  },
};

function collector(mode) {
  const server = createServer((req, res) => {
    req.resume();
    if (mode === "hang") return; // never answers; the worker's timeout aborts it
    res.writeHead(mode === "error" ? 500 : 200, { "content-type": "application/json" });
    res.end("{}");
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const modes = ["ok", "hang", "error"];
const servers = Object.fromEntries(
  await Promise.all(modes.map(async (m) => [m, await collector(m)])),
);
const envs = Object.fromEntries(
  modes.map((m) => {
    const base = `http://127.0.0.1:${servers[m].address().port}`;
    return [
      m,
      {
        ASSETS: assets,
        ANALYTICS_PROVIDER: "provider_a,provider_b",
        PROVIDER_A_ENDPOINT: `${base}/api/send`,
        PROVIDER_A_WEBSITE_ID: "3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b",
        PROVIDER_B_ENDPOINT: `${base}/api/track`,
        PROVIDER_B_SITE_ID: "42",
      },
    ];
  }),
);

const UA = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
};
const visit = () => new Request("https://links.example.com/docs", { headers: UA });
let warnings = 0;
console.warn = () => warnings++; // each failed delivery logs one line; count them instead
const times = Object.fromEntries(modes.map((m) => [m, []]));
const background = [];
const ctx = { waitUntil: (p) => background.push(p) };
for (let i = 0; i < 50; i++) for (const m of modes) await worker.fetch(visit(), envs[m], ctx); // warm-up
for (let i = 0; i < N; i++) {
  for (const m of modes) {
    const start = process.hrtime.bigint();
    const response = await worker.fetch(visit(), envs[m], ctx);
    times[m].push(Number(process.hrtime.bigint() - start) / 1000);
    if (response.status !== 302) throw new Error(`expected a redirect, got ${response.status}`);
  }
}
const settled = await Promise.allSettled(background);
for (const server of Object.values(servers)) server.close();

const pct = (list, p) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) * p)];
const median = Object.fromEntries(modes.map((m) => [m, pct(times[m], 0.5)]));
const section = [
  runLine(`npm run bench:analytics -- ${N}`, loadAtStart),
  "",
  `Requests per mode: ${N}, interleaved; background dispatches: ${background.length} (${settled.filter((s) => s.status === "rejected").length} rejected, ${warnings} failed deliveries logged).`,
  "",
  "| provider answers | median µs | p95 µs | median vs healthy |",
  "|---|---|---|---|",
  ...modes.map(
    (m) =>
      `| ${{ ok: "200 at once", hang: "never", error: "500" }[m]} | ${median[m].toFixed(1)} | ${pct(times[m], 0.95).toFixed(1)} | ${(median[m] / median.ok).toFixed(2)}x |`,
  ),
].join("\n");
console.log(section);
if (!args.includes("--no-write"))
  writeBenchmarksSection("analytics", section, { title: "Analytics" });
