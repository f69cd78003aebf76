#!/usr/bin/env node
// Benchmark: `shortlinks diff` and `check --against` over a generated instance (default 100k
// links) in a throwaway git repository, with N changes in the work tree (default 1,000: a quarter
// added, a quarter removed, a quarter new targets, 15% retired, 10% moved to another file; one
// change is one new target). Each command runs with --no-cache, then twice with the cache (the
// first run fills it, the second finds it: docs/cache.md); a last diff also turns case
// sensitivity on in site.yaml, so every path both tables name is resolved at both sides (the
// worst case). CPU time and peak RSS are the child's own (bench/rusage-preload.mjs).
// Usage: npm run bench:diff [-- --size 100000] [-- --changes 1000] [-- --no-write]
// [-- --keep DIR: lay out the repository in DIR and stop, for profiling].
// Writes the "Diff" section of BENCHMARKS.md and bench/results/diff-<size>-<changes>.json.
import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { makeLinks, writeInstance } from "../bench/generate.mjs";
import { measuredArgs, parseUsage } from "../bench/build-bench.mjs";
import { writeReviewResult } from "../bench/review-results.mjs";
import { updateGoals } from "./bench-goals.mjs";
import { BENCHMARKS, runLine, writeBenchmarksSection } from "./benchmarks-section.mjs";

const REPO = join(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    size: { type: "string", default: "100000" },
    changes: { type: "string", default: "1000" },
    keep: { type: "string" },
    "no-write": { type: "boolean" },
  },
});
const size = Number(values.size);
const changes = Number(values.changes);
if (!Number.isInteger(changes) || changes < 1) {
  console.error("--changes takes a whole number of 1 or more");
  process.exit(2);
}
if (!existsSync(join(REPO, "out", "cli.js"))) {
  console.error("out/cli.js missing: run npm run build:cli first");
  process.exit(2);
}

const git = (cwd, ...args) =>
  execFileSync(
    "git",
    [
      "-c",
      "user.name=bench",
      "-c",
      "user.email=bench@example.com",
      "-c",
      "commit.gpgsign=false",
      ...args,
    ],
    { cwd, encoding: "utf8" },
  );

/** How `n` changes split into kinds: one change is one new target. */
export function changeCounts(n) {
  if (n === 1) return { removed: 0, retarget: 1, retire: 0, moved: 0, added: 0 };
  const removed = Math.round(n * 0.25);
  const retarget = Math.round(n * 0.25);
  const retire = Math.round(n * 0.15);
  const moved = Math.round(n * 0.1);
  return { removed, retarget, retire, moved, added: n - removed - retarget - retire - moved };
}

/** The changes, deterministic: returns the work tree's links and the rows moved to a YAML file. */
function changeLinks(links, n) {
  const counts = changeCounts(n);
  const exact = links.filter((l) => l.kind === "exact" && l.state === "active" && !l.schedule);
  const pick = (from, k, step) =>
    Array.from({ length: k }, (_, i) => from[(i * step) % from.length]);
  const taken = new Set();
  const choose = (k, step) => {
    const chosen = new Set(
      pick(
        exact.filter((l) => !taken.has(l)),
        k,
        step,
      ),
    );
    chosen.forEach((l) => taken.add(l));
    return chosen;
  };
  const removed = choose(counts.removed, 397);
  const retarget = choose(counts.retarget, 389);
  const retire = choose(counts.retire, 383);
  const moved = choose(counts.moved, 379);
  const next = links
    .filter((l) => !removed.has(l) && !moved.has(l))
    .map((l) =>
      retarget.has(l)
        ? { ...l, target: `https://changed.example.org/${l.key}` }
        : retire.has(l)
          ? { ...l, state: "retired" }
          : l,
    );
  for (let i = 0; i < counts.added; i++)
    next.push({
      slug: `added/${i}`,
      key: `added/${i}`,
      kind: "exact",
      target: `https://new.example.net/${i}`,
      state: "active",
    });
  return { next, moved: [...moved] };
}

function yamlRow(l) {
  return `- slug: ${l.slug}\n  target: ${l.target}\n${l.status ? `  status: ${l.status}\n` : ""}`;
}

/** One measured run of the CLI: `diff --json`, or `check --against HEAD --json`. */
function runCli(root, command, extra = []) {
  const started = process.hrtime.bigint();
  const args =
    command === "diff"
      ? ["diff", "--root", root, "--json", ...extra]
      : ["check", "--root", root, "--against", "HEAD", "--json", ...extra];
  const result = spawnSync(
    process.execPath,
    measuredArgs(join(REPO, "bin", "shortlinks.js"), args),
    {
      encoding: "utf8",
      maxBuffer: 1024 * 1024 * 1024,
      // The throwaway repository has no node_modules: keep the cache beside it (docs/cache.md).
      env: { ...process.env, SHORTLINKS_CACHE_DIR: join(root, "..", "cache") },
    },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 1 && result.status !== 0)
    throw new Error(`${command} exited ${result.status}: ${result.stderr}`);
  const { cpuSeconds, peakRssMiB } = parseUsage(result.stderr);
  const measured = { seconds, cpu: cpuSeconds, rssMiB: peakRssMiB };
  if (command !== "diff") {
    const problems = JSON.parse(result.stdout).diagnostics.filter((d) => /^SL80/.test(d.code));
    return {
      ...measured,
      added: "",
      removed: "",
      changed: "",
      routing: "",
      hosts: "",
      problems: problems.length,
    };
  }
  writeFileSync(join(root, "..", "diff.json"), result.stdout);
  const report = JSON.parse(result.stdout);
  return {
    ...measured,
    added: report.links.added.length,
    removed: report.links.removed.length,
    changed: report.links.changed.length,
    routing: report.routing.length,
    hosts: report.host_changes.length,
    problems: report.problems.length,
  };
}

const load = loadavg()[0];
const top = values.keep ?? mkdtempSync(join(tmpdir(), "shortlinks-bench-diff-"));
const root = join(top, "repo");
const rows = [];
const label = changes === 1 ? "1 change" : `${changes.toLocaleString("en")} changes`;
try {
  const links = makeLinks(size);
  await writeInstance(root, links, { name: `${size}` });
  git(root, "init", "-q");
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", "base");
  const { next, moved } = changeLinks(links, changes);
  await writeInstance(root, next, { name: `${size}` });
  if (moved.length > 0)
    writeFileSync(join(root, "custom/links/moved.yaml"), moved.map(yamlRow).join(""));
  if (values.keep) {
    console.log(`laid out ${root}: node bench/peak-rss.mjs diff --root ${root} --json`);
    process.exit(0);
  }
  for (const command of ["diff", "check --against"]) {
    const cli = command === "diff" ? "diff" : "check";
    rmSync(join(top, "cache"), { recursive: true, force: true });
    rows.push({ name: `${command}, ${label}, no cache`, ...runCli(root, cli, ["--no-cache"]) });
    rows.push({ name: `${command}, ${label}, first run (fills the cache)`, ...runCli(root, cli) });
    rows.push({ name: `${command}, ${label}, cached`, ...runCli(root, cli) });
  }
  appendFileSync(join(root, "custom/site.yaml"), "case_sensitive: true\n");
  rows.push({ name: `diff, ${label} + case_sensitive turned on, cached`, ...runCli(root, "diff") });
  console.log(
    `load average at the start ${load.toFixed(2)}, at the end ${loadavg()[0].toFixed(2)}`,
  );
  for (const r of rows)
    console.log(
      `${size} links, ${r.name}: ${r.seconds.toFixed(2)} s (${r.cpu.toFixed(2)} s CPU), ${r.rssMiB.toFixed(0)} MiB; ` +
        `${r.added} added, ${r.removed} removed, ${r.changed} changed, ${r.routing} routing, ${r.hosts} hosts, ${r.problems} problems`,
    );
} finally {
  if (!values.keep) rmSync(top, { recursive: true, force: true });
}

if (!values["no-write"]) {
  const section = [
    runLine(`npm run build:cli && npm run bench:diff -- --size ${size} --changes ${changes}`, load),
    "",
    "| run | wall (s) | CPU (s) | peak RSS (MiB) | added | removed | changed | paths answering differently | problems |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.seconds.toFixed(2)} | ${r.cpu.toFixed(2)} | ${r.rssMiB.toFixed(0)} | ${r.added} | ${r.removed} | ${r.changed} | ${r.routing} | ${r.problems} |`,
    ),
  ].join("\n");
  writeBenchmarksSection("diff", section, { title: "Diff" });
  const command = `npm run build:cli && npm run bench:diff -- --size ${size} --changes ${changes}`;
  writeReviewResult({ size, changes, command, load, rows });
  updateGoals();
  console.log(`wrote the Diff section of ${BENCHMARKS}`);
}
