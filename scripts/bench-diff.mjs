#!/usr/bin/env node
// Benchmark: `shortlinks diff` over a generated instance (default 100k links) in a throwaway git
// repository, with 1,000 changes in the work tree: 250 added, 250 removed, 250 new targets,
// 150 retired, 100 moved to another file. A second run also turns case sensitivity on in
// site.yaml, so every path both tables name is resolved at both sides (the worst case).
// Usage: npm run bench:diff [-- --size 100000] [-- --no-write]. Writes the "Diff" section of BENCHMARKS.md.
import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { makeLinks, writeInstance } from "../bench/generate.mjs";
import { writeReviewResult } from "../bench/review-results.mjs";
import { updateGoals } from "./bench-goals.mjs";
import { BENCHMARKS, runLine, writeBenchmarksSection } from "./benchmarks-section.mjs";

const REPO = join(import.meta.dirname, "..");
const { values } = parseArgs({
  options: { size: { type: "string", default: "100000" }, "no-write": { type: "boolean" } },
});
const size = Number(values.size);
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

/** The 1,000 changes, deterministic: returns the work tree's links and the rows moved to a YAML file. */
function changeLinks(links) {
  const exact = links.filter((l) => l.kind === "exact" && l.state === "active" && !l.schedule);
  const pick = (from, n, step) =>
    Array.from({ length: n }, (_, i) => from[(i * step) % from.length]);
  const taken = new Set();
  const choose = (n, step) => {
    const chosen = new Set(
      pick(
        exact.filter((l) => !taken.has(l)),
        n,
        step,
      ),
    );
    chosen.forEach((l) => taken.add(l));
    return chosen;
  };
  const removed = choose(250, 397);
  const retarget = choose(250, 389);
  const retire = choose(150, 383);
  const moved = choose(100, 379);
  const next = links
    .filter((l) => !removed.has(l) && !moved.has(l))
    .map((l) =>
      retarget.has(l)
        ? { ...l, target: `https://changed.example.org/${l.key}` }
        : retire.has(l)
          ? { ...l, state: "retired" }
          : l,
    );
  for (let i = 0; i < 250; i++)
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

/** Peak RSS and CPU seconds from `/usr/bin/time -f "%M %U %S"` (its last line). */
function usage(stderr) {
  const [rssKiB, user, sys] = stderr.trim().split("\n").pop().split(" ").map(Number);
  return { rssMiB: rssKiB / 1024, cpu: user + sys };
}

function runDiff(root) {
  const started = process.hrtime.bigint();
  const out = join(root, "..", "diff.json");
  const result = spawnSync(
    "/usr/bin/time",
    [
      "-f",
      "%M %U %S",
      process.execPath,
      join(REPO, "bin", "shortlinks.js"),
      "diff",
      "--root",
      root,
      "--json",
    ],
    { encoding: "utf8", maxBuffer: 1024 * 1024 * 1024 },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 1 && result.status !== 0)
    throw new Error(`diff exited ${result.status}: ${result.stderr}`);
  writeFileSync(out, result.stdout);
  const report = JSON.parse(result.stdout);
  return {
    seconds,
    ...usage(result.stderr),
    added: report.links.added.length,
    removed: report.links.removed.length,
    changed: report.links.changed.length,
    routing: report.routing.length,
    hosts: report.host_changes.length,
    problems: report.problems.length,
  };
}

const load = loadavg()[0];
const top = mkdtempSync(join(tmpdir(), "shortlinks-bench-diff-"));
const root = join(top, "repo");
const rows = [];
try {
  const links = makeLinks(size);
  await writeInstance(root, links, { name: `${size}` });
  git(root, "init", "-q");
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", "base");
  const { next, moved } = changeLinks(links);
  await writeInstance(root, next, { name: `${size}` });
  writeFileSync(join(root, "custom/links/moved.yaml"), moved.map(yamlRow).join(""));
  const first = runDiff(root);
  rows.push({ name: "1,000 changes", ...first });
  appendFileSync(join(root, "custom/site.yaml"), "case_sensitive: true\n");
  rows.push({ name: "1,000 changes + case_sensitive turned on", ...runDiff(root) });
  for (const r of rows)
    console.log(
      `${size} links, ${r.name}: ${r.seconds.toFixed(2)} s (${r.cpu.toFixed(2)} s CPU), ${r.rssMiB.toFixed(0)} MiB; ` +
        `${r.added} added, ${r.removed} removed, ${r.changed} changed, ${r.routing} routing, ${r.hosts} hosts, ${r.problems} problems`,
    );
} finally {
  rmSync(top, { recursive: true, force: true });
}

if (!values["no-write"]) {
  const section = [
    runLine(`npm run build:cli && npm run bench:diff -- --size ${size}`, load),
    "",
    "| run | wall (s) | CPU (s) | peak RSS (MiB) | added | removed | changed | paths answering differently | problems |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.seconds.toFixed(2)} | ${r.cpu.toFixed(2)} | ${r.rssMiB.toFixed(0)} | ${r.added} | ${r.removed} | ${r.changed} | ${r.routing} | ${r.problems} |`,
    ),
  ].join("\n");
  writeBenchmarksSection("diff", section, { title: "Diff" });
  const command = `npm run build:cli && npm run bench:diff -- --size ${size}`;
  writeReviewResult({ size, changes: 1000, command, load, rows });
  updateGoals();
  console.log(`wrote the Diff section of ${BENCHMARKS}`);
}
