#!/usr/bin/env node
// npm run bench [-- --sizes 1k,100k,1m] [--quick] [--seconds N] [--cold-runs N] [--hot-rounds N] [--no-write]
// Runtime benchmarks (BENCHMARKS.md "Runtime"): generates synthetic instances into bench/.work/,
// builds them, and loads the bundle in workerd and under Node, a minimal Map-lookup worker and
// nginx `map` side by side. Needs `wrk` and `nginx` (apt-get install -y nginx wrk). Not part of npm test.
// Writes bench/results/runtime-<size>.json (the figures the goals table judges) and the tables.
import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { cpus, loadavg, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { SIZES } from "../bench/generate.mjs";
import { compileAssetsStub, compileShardFormat } from "../bench/node-bench.mjs";
import { NGINX } from "../bench/nginx.mjs";
import {
  headlineTable,
  runtimeSummary,
  runtimeTable,
  sizeTable,
  zipfTable,
} from "../bench/report.mjs";
import { runInfo, writeResult } from "../bench/results.mjs";
import { runSize } from "../bench/run-size.mjs";
import { WRK } from "../bench/wrk.mjs";
import { updateGoals } from "./bench-goals.mjs";
import { runLine, writeBenchmarksSection } from "./benchmarks-section.mjs";

const REPO = resolve(import.meta.dirname, "..");
const WORK = join(REPO, "bench/.work");

const { values } = parseArgs({
  options: {
    sizes: { type: "string" },
    quick: { type: "boolean", default: false },
    seconds: { type: "string" },
    "cold-runs": { type: "string" },
    "hot-rounds": { type: "string" },
    "no-write": { type: "boolean", default: false },
  },
});
const sizeNames = (values.sizes ?? (values.quick ? "1k,100k" : "1k,100k,1m"))
  .toLowerCase()
  .split(",");
for (const name of sizeNames)
  if (!(name in SIZES)) usage(`unknown size "${name}" (one of ${Object.keys(SIZES).join(", ")})`);
const seconds = Number(values.seconds ?? (values.quick ? 3 : 5));
const coldRuns = Number(values["cold-runs"] ?? (values.quick ? 1 : 3));
const hotRounds = Number(values["hot-rounds"] ?? (values.quick ? 1 : 5));
if (!(hotRounds >= 1 && hotRounds <= 21)) usage("--hot-rounds must be between 1 and 21");
if (!(seconds > 0 && seconds <= 60)) usage("--seconds must be between 1 and 60");
for (const tool of [WRK, NGINX]) {
  try {
    execFileSync(tool, ["-v"], { stdio: "ignore" });
  } catch (error) {
    if (error.code === "ENOENT") usage(`${tool} is missing: apt-get install -y nginx wrk`);
  }
}

const log = (line) => process.stderr.write(line + "\n");
log("building the CLI (npm run build:cli)");
execFileSync(process.execPath, [join(REPO, "scripts/build-cli.mjs")], { stdio: "inherit" });
await mkdir(WORK, { recursive: true });
const stubModule = await compileAssetsStub(WORK);
const shardFormat = await import(pathToFileURL(await compileShardFormat(WORK)).href);

const loadAtStart = loadavg()[0];
const results = [];
for (const name of sizeNames) {
  results.push(
    await runSize({
      name,
      size: SIZES[name],
      work: WORK,
      cli: join(REPO, "bin/shortlinks.js"),
      seconds,
      coldRuns,
      hotRounds,
      nodeRequests: values.quick ? 10_000 : 50_000,
      stubModule,
      shardFormat,
      log,
    }),
  );
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? "unknown CPU"}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}`;
const markdown = [
  `Machine: ${machine}. Command: \`npm run bench -- --sizes ${sizeNames.join(",")} --seconds ${seconds}\` (wrk -t 2 -c 64 -d ${seconds}s).`,
  "",
  ...results.map(sizeTable),
  "#### The Zipf load",
  "",
  zipfTable(results),
  "#### Headline",
  "",
  headlineTable(results),
].join("\n");
await writeFile(join(WORK, "runtime-report.md"), markdown);
await writeFile(join(WORK, "results.json"), JSON.stringify(results, null, 2));
process.stdout.write(markdown);
log(`\nwritten: ${join(WORK, "runtime-report.md")} and results.json`);
if (!values["no-write"]) {
  const command = `npm run bench -- --sizes ${sizeNames.join(",")} --seconds ${seconds} --cold-runs ${coldRuns} --hot-rounds ${hotRounds}`;
  writeBenchmarksSection(
    "runtime",
    [runLine(command, loadAtStart), "", runtimeTable(results)].join("\n"),
    { title: "Runtime" },
  );
  const run = runInfo(command, loadAtStart);
  for (const r of results) {
    const summary = runtimeSummary(r);
    if (summary) writeResult(`runtime-${r.name}`, run, summary);
  }
  updateGoals();
  log("wrote the Runtime and Goals sections of BENCHMARKS.md and bench/results/runtime-*.json");
}

function usage(message) {
  process.stderr.write(
    `bench: ${message}\nusage: npm run bench -- [--sizes 1k,100k,1m] [--quick] [--seconds N] [--cold-runs N] [--hot-rounds N] [--no-write]\n`,
  );
  process.exit(2);
}
