#!/usr/bin/env node
// Benchmark: `shortlinks health` over 1,000 links on local servers, through the built CLI.
// Usage: npm run bench:health [-- --links 1000] [-- --latency 0,20,100] [-- --no-write]
// One HTTP server on 127.0.0.1 (port 0) answers for 50 host names, each pinned with --resolve;
// nothing leaves the machine. Peak RSS from the child's own resource usage (bench/rusage-preload.mjs).
// Writes the "Health" section of BENCHMARKS.md.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { measuredArgs, parseUsage } from "../bench/build-bench.mjs";
import { BENCHMARKS, runLine, writeBenchmarksSection } from "./benchmarks-section.mjs";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const links = Math.min(Number(arg("--links", "1000")), 100_000);
const latencies = arg("--latency", "0,20,100").split(",").map(Number);
const write = !args.includes("--no-write");
const HOSTS = 50;
if (!existsSync(join(repo, "out", "cli.js"))) {
  console.error("out/cli.js missing: run npm run build:cli first");
  process.exit(2);
}

/** Per 20 links: 17 answer 200 to HEAD, 1 redirects once (moved), 1 refuses HEAD, 1 is 404. */
const kindOf = (i) => ["moved", "nohead", "gone"][i % 20] ?? "ok";
const EXPECTED = { ok: 0, moved: 0, broken: 0 };
for (let i = 0; i < links; i++) EXPECTED[{ moved: "moved", gone: "broken" }[kindOf(i)] ?? "ok"]++;

function startServer(latency) {
  const server = http.createServer((req, res) => {
    const [, kind, n] = req.url.split("/");
    const answer = () => {
      if (kind === "moved") res.writeHead(301, { location: `/ok/${n}-new` }).end();
      else if (kind === "gone") res.writeHead(404).end();
      else if (kind === "nohead" && req.method === "HEAD") res.writeHead(405).end();
      else res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><p>ok</p>");
    };
    if (latency > 0) setTimeout(answer, latency);
    else answer();
  });
  return new Promise((ready) => server.listen(0, "127.0.0.1", () => ready(server)));
}

function generate(dir, port) {
  mkdirSync(join(dir, "custom", "links"), { recursive: true });
  writeFileSync(
    join(dir, "custom", "site.yaml"),
    "site_name: Bench\nbase_url: https://go.example.org\n",
  );
  const rows = [];
  for (let i = 0; i < links; i++)
    rows.push(
      `- { slug: l${i}, target: "http://h${i % HOSTS}.bench.example:${port}/${kindOf(i)}/${i}" }`,
    );
  writeFileSync(join(dir, "custom", "links", "links.yaml"), rows.join("\n") + "\n");
}

function runCli(dir, port) {
  const pins = Array.from({ length: HOSTS }, (_, h) => [
    "--resolve",
    `h${h}.bench.example:${port}:127.0.0.1`,
  ]).flat();
  const started = process.hrtime.bigint();
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      measuredArgs(join(repo, "bin", "shortlinks.js"), [
        "health",
        "--json",
        "--root",
        dir,
        ...pins,
      ]),
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", fail);
    child.on("close", (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 1) return fail(new Error(`health exited ${code} (1 expected: 404s)\n${err}`));
      const report = JSON.parse(out);
      const counts = { ok: 0, moved: 0, broken: 0 };
      for (const r of report.results) counts[r.class] = (counts[r.class] ?? 0) + 1;
      if (report.checked !== links || JSON.stringify(counts) !== JSON.stringify(EXPECTED))
        return fail(
          new Error(
            `unexpected classes ${JSON.stringify(counts)}, wanted ${JSON.stringify(EXPECTED)}`,
          ),
        );
      done({ seconds, rssMiB: parseUsage(err).peakRssMiB, counts });
    });
  });
}

const loadAtStart = loadavg()[0];
const rows = [];
for (const latency of latencies) {
  const server = await startServer(latency);
  const dir = mkdtempSync(join(tmpdir(), "shortlinks-bench-health-"));
  try {
    generate(dir, server.address().port);
    const result = await runCli(dir, server.address().port);
    rows.push({ latency, ...result });
    console.log(
      `${links} links, ${latency} ms per answer: ${result.seconds.toFixed(2)} s, ${result.rssMiB.toFixed(0)} MiB peak RSS, ${JSON.stringify(result.counts)}`,
    );
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (write) {
  const section = [
    runLine(
      `npm run build:cli && npm run bench:health (${links} links over ${HOSTS} hosts)`,
      loadAtStart,
    ),
    "",
    "| links | server latency per answer | wall (s) | peak RSS (MiB) |",
    "|---:|---:|---:|---:|",
    ...rows.map(
      (r) => `| ${links} | ${r.latency} ms | ${r.seconds.toFixed(2)} | ${r.rssMiB.toFixed(0)} |`,
    ),
  ].join("\n");
  writeBenchmarksSection("health", section, { title: "Health" });
  console.log(`wrote the Health section of ${BENCHMARKS}`);
}
