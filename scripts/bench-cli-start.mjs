#!/usr/bin/env node
// Benchmark: how long the CLI takes to start, as an editor or CI feels it. Wall time of whole
// processes (spawned one after another, 11 runs each, median with min and max): bare `node`,
// `node` importing every package out/cli.js imports at start, `shortlinks --help`, and
// `shortlinks check` on the repository's own instance.
// Usage: npm run build:cli && npm run bench:cli [-- --no-write]. Writes the "CLI start" section.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { runLine, writeBenchmarksSection } from "./benchmarks-section.mjs";

const REPO = join(import.meta.dirname, "..");
const RUNS = 11;
const { values } = parseArgs({ options: { "no-write": { type: "boolean" } } });
const cli = join(REPO, "out", "cli.js");
if (!existsSync(cli)) {
  console.error("out/cli.js missing: run npm run build:cli first");
  process.exit(2);
}

/** The packages out/cli.js imports statically: what every command loads before it runs. */
const startImports = [
  ...readFileSync(cli, "utf8").matchAll(/^import\s[^;]*?\sfrom\s*"([^"]+)";?$/gm),
].map((m) => m[1]);
const preload = [...new Set(startImports.filter((name) => !name.startsWith("node:")))]
  .map((name) => `import ${JSON.stringify(name)};`)
  .join("");

const cases = [
  ["node -e 0 (the floor)", ["-e", "0"]],
  ["node importing the CLI's start-up packages", ["--input-type=module", "-e", preload]],
  ["shortlinks --help", [join(REPO, "bin", "shortlinks.js"), "--help"]],
  ["shortlinks check (the example instance)", [join(REPO, "bin", "shortlinks.js"), "check"]],
];

function timeRuns(args) {
  const ms = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    const run = spawnSync(process.execPath, args, { cwd: REPO, stdio: "ignore" });
    if (run.status !== 0) throw new Error(`node ${args.join(" ")} exited ${run.status}`);
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[(RUNS - 1) / 2], min: ms[0], max: ms[RUNS - 1] };
}

const load = loadavg()[0];
const rows = cases.map(([name, args]) => ({ name, ...timeRuns(args) }));
for (const r of rows) console.log(`${r.name}: median ${r.median.toFixed(0)} ms`);

if (!values["no-write"]) {
  writeBenchmarksSection(
    "cli-start",
    [
      runLine(`npm run build:cli && npm run bench:cli (${RUNS} runs of each)`, load),
      "",
      "| process | median (ms) | min (ms) | max (ms) |",
      "|---|---:|---:|---:|",
      ...rows.map(
        (r) => `| ${r.name} | ${r.median.toFixed(0)} | ${r.min.toFixed(0)} | ${r.max.toFixed(0)} |`,
      ),
    ].join("\n"),
    { title: "CLI start" },
  );
  console.log("wrote the CLI start section of BENCHMARKS.md");
}
