#!/usr/bin/env node
// npm run bench:stats [-- --sizes 1k,100k,1m] [--no-write]
// The stats API at each size in workerd (bench/stats-api.mjs): isolate CPU, private-file reads
// and bytes per call, against the goals of docs/stats.md. Instances and builds go to
// bench/.work/ (git-ignored) with the full tables (stats-report.md); BENCHMARKS.md "Stats API"
// gets one compact table: the calls down, the sizes across.
import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { SIZES } from "../bench/generate.mjs";
import { runStatsSize } from "../bench/stats-api.mjs";
import { runLine, writeBenchmarksSection } from "./benchmarks-section.mjs";

const REPO = resolve(import.meta.dirname, "..");
const WORK = join(REPO, "bench/.work");
const GOAL = { ownMs: 5, reads: 3, readBytes: 256 * 1024 };

const { values } = parseArgs({
  options: { sizes: { type: "string" }, "no-write": { type: "boolean", default: false } },
});
const sizeNames = (values.sizes ?? "1k,100k,1m").toLowerCase().split(",");
for (const name of sizeNames)
  if (!(name in SIZES)) {
    process.stderr.write(
      `bench:stats: unknown size "${name}" (${Object.keys(SIZES).join(", ")})\n`,
    );
    process.exit(2);
  }

const log = (line) => process.stderr.write(line + "\n");
log("building the CLI (npm run build:cli)");
execFileSync(process.execPath, [join(REPO, "scripts/build-cli.mjs")], { stdio: "inherit" });
await mkdir(WORK, { recursive: true });
const loadAtStart = loadavg()[0];
const results = [];
for (const name of sizeNames)
  results.push(
    await runStatsSize({
      name,
      size: SIZES[name],
      work: WORK,
      cli: join(REPO, "bin/shortlinks.js"),
      log,
    }),
  );

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const n = (value) => value.toLocaleString("en");
const mark = (ok) => (ok ? "" : " **over**");

function sizeTable(r) {
  const f = r.files;
  return [
    `#### ${r.name} (${n(r.size)} links)`,
    "",
    `Build ${r.build.seconds.toFixed(1)} s, ${Math.round(r.build.peakRssMiB)} MiB peak; stats index: ${n(f.pages)} pages (largest ${kib(f.maxPageBytes)}) and an index of ${kib(f.indexBytes)}; ${n(f.allFiles)} files in the assets folder in all. 1-minute load average ${r.loadavg.join(" → ")}.`,
    "",
    "| call | status | total | isolate CPU, first call, median of 5 isolates (ms) | same, gaps uncapped (ms) | then, median of 25 (ms) | private-file reads (the call again) | bytes read | answer bytes |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...r.calls.map(
      (c) =>
        `| ${c.label} | ${c.status} | ${c.total === null ? "" : n(c.total)} | ${c.ownMs.toFixed(2)}${mark(c.ownMs < GOAL.ownMs)} (${c.ownMsRuns.join(", ")}) | ${c.busyMs.toFixed(2)} | ${c.warmOwnMs.toFixed(2)} | ${c.reads}${mark(c.reads <= GOAL.reads)} (${c.warmReads}) | ${kib(c.readBytes)}${mark(c.readBytes <= GOAL.readBytes)} | ${kib(c.responseBytes)} |`,
    ),
    "",
  ].join("\n");
}

const all = results.flatMap((r) => r.calls);
const worst = {
  ownMs: Math.max(...all.map((c) => c.ownMs)),
  reads: Math.max(...all.map((c) => c.reads)),
  readBytes: Math.max(...all.map((c) => c.readBytes)),
};
const run = runLine(`npm run bench:stats -- --sizes ${sizeNames.join(",")}`, loadAtStart);
const verdict = `Worst call over all sizes: ${worst.ownMs.toFixed(2)} ms of isolate CPU, ${worst.reads} private-file reads, ${kib(worst.readBytes)} read: ${worst.ownMs < GOAL.ownMs && worst.reads <= GOAL.reads && worst.readBytes <= GOAL.readBytes ? "every goal met" : "a goal is missed (marked **over**)"}.`;
const report = [run, "", ...results.map(sizeTable), verdict, ""].join("\n");

/** The calls down, the sizes across: first call's isolate CPU, reads and bytes read per cell. */
function compactTable() {
  const cell = (c) =>
    `${c.ownMs.toFixed(2)} ms${mark(c.ownMs < GOAL.ownMs)}, ${c.reads}${mark(c.reads <= GOAL.reads)}, ${kib(c.readBytes)}${mark(c.readBytes <= GOAL.readBytes)}`;
  const built = (r) =>
    `${r.name} ${r.build.seconds.toFixed(1)} s, ${Math.round(r.build.peakRssMiB)} MiB, ${n(r.files.pages)} pages (largest ${kib(r.files.maxPageBytes)}), index ${kib(r.files.indexBytes)}, ${n(r.files.allFiles)} files`;
  return [
    `| call: isolate CPU of the first call (median of 5 isolates), private-file reads, bytes read | ${results.map((r) => `${r.name} (${n(r.size)} links)`).join(" | ")} |`,
    `|---|${results.map(() => "---:").join("|")}|`,
    ...results[0].calls.map(
      (c, i) => `| ${c.label} | ${results.map((r) => cell(r.calls[i])).join(" | ")} |`,
    ),
    "",
    `Builds: ${results.map(built).join("; ")}. ${verdict}`,
  ].join("\n");
}

await writeFile(join(WORK, "stats-report.md"), report);
process.stdout.write(report);
if (!values["no-write"]) {
  writeBenchmarksSection("stats", [run, "", compactTable()].join("\n"), { title: "Stats API" });
  log(`written: the Stats API section of BENCHMARKS.md and ${join(WORK, "stats-report.md")}`);
}
