#!/usr/bin/env node
// Benchmark: build and check time and peak RSS for generated 1k, 10k and 100k link instances.
// Usage: npm run bench:build [-- --sizes 1000,10000] [-- --shape real] [-- --jobs N] [-- --no-write]
// Peak RSS and CPU time as the OS counts them for the child (bench/peak-rss.mjs, no /usr/bin/time).
// `--shape real` builds bench/generate.mjs's table closer to a real one (a description and owner
// on every row, 5% splats, 2% scheduled, 1% retired) instead of this script's own mix.
// Writes the current "Build" table of BENCHMARKS.md, bench/results/build-<links>.json for each size
// (the figures the goals table judges) and the goals table.
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { BENCHMARKS, runLine, writeBenchmarksSection } from "./benchmarks-section.mjs";
import { makeLinks, writeInstance } from "../bench/generate.mjs";
import { parsePeakRss } from "../bench/peak-rss.mjs";
import { runInfo, writeResult } from "../bench/results.mjs";
import { updateGoals } from "./bench-goals.mjs";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const sizesArg = args.includes("--sizes") ? args[args.indexOf("--sizes") + 1] : "1000,10000,100000";
const sizes = sizesArg
  .split(",")
  .map(Number)
  .filter((n) => n > 0 && n <= 1_000_000);
const shape = args.includes("--shape") ? args[args.indexOf("--shape") + 1] : "mix";
const write = !args.includes("--no-write");
// The CLI's own default (the machine's cores) unless given.
const jobs = args.includes("--jobs") ? ["--jobs", args[args.indexOf("--jobs") + 1]] : [];
const cli = join(repo, "out", "cli.js");
if (!existsSync(cli)) {
  console.error("out/cli.js missing: run npm run build:cli first");
  process.exit(2);
}

/**
 * 70% of the links in YAML (three files, more past the 100,000-row limit per file), 30% in CSV
 * (split at that limit too); 5% splats, 10% scheduled, mixed states.
 */
function generate(dir, n) {
  mkdirSync(join(dir, "custom", "links"), { recursive: true });
  writeFileSync(
    join(dir, "custom", "site.yaml"),
    "site_name: Bench\nbase_url: https://go.example.org\n",
  );
  const states = ["active", "active", "active", "active", "paused", "retired", "disabled", "draft"];
  const perFile = 90_000;
  const yamlFiles = Array.from({ length: Math.max(3, Math.ceil((n * 0.7) / perFile)) }, () => []);
  const csvHeader =
    "slug,target,status,state,schedule_label,schedule_start,schedule_end,forward_query,description,tags,owner";
  const csv = [];
  for (let i = 0; i < n; i++) {
    const splat = i % 20 === 0;
    const slug = splat ? `ns-${i}/*` : `team-${i % 97}/link-${i}`;
    const target = splat
      ? `https://example.com/ns/${i}/:splat`
      : `https://example.com/p/${i}?x=${i % 13}`;
    const state = states[i % states.length];
    if (i % 10 < 7) {
      let row = `- slug: ${slug}\n  target: ${target}\n  status: ${[301, 302, 307, 308][i % 4]}\n  state: ${state}\n  description: "Link number ${i}"\n  tags: [bench, t${i % 5}]\n`;
      if (!splat && i % 10 === 3)
        row += `  schedule:\n    label: window-${i}\n    start: "2020-01-01T00:00:00Z"\n    end: "2099-01-01T00:00:00+01:00"\n`;
      yamlFiles[i % yamlFiles.length].push(row);
    } else {
      csv.push(`${slug},${target},302,${state},,,,true,Link ${i},bench;csv,owner-${i % 7}`);
    }
  }
  yamlFiles.forEach((rows, k) =>
    writeFileSync(join(dir, "custom", "links", `links-${k}.yaml`), "# generated\n" + rows.join("")),
  );
  for (let k = 0; k * perFile < csv.length || k === 0; k++) {
    const rows = csv.slice(k * perFile, (k + 1) * perFile);
    const name = k === 0 ? "more.csv" : `more-${k}.csv`;
    writeFileSync(join(dir, "custom", "links", name), [csvHeader, ...rows].join("\n") + "\n");
  }
}

function run(command, root) {
  const extra = [...(command === "build" ? ["--out", join(root, "dist")] : []), ...jobs];
  const started = process.hrtime.bigint();
  const result = spawnSync(
    process.execPath,
    [join(repo, "bench", "peak-rss.mjs"), command, "--root", root, ...extra],
    { encoding: "utf8", maxBuffer: 64 << 20 },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const rssKiB = parsePeakRss(result.stderr);
  const cpuSeconds = Number(result.stderr.match(/^cpu-ms (\d+)$/m)?.[1]) / 1000;
  // check may exit 1 with SL320 alone while runtime/ is being edited; the timing is what matters here.
  if (
    result.status !== 0 &&
    !(
      command === "check" &&
      /SL320/.test(result.stderr) &&
      !/ 2 errors|[3-9] errors/.test(result.stderr)
    )
  ) {
    console.error(result.stdout, result.stderr);
    throw new Error(`${command} exited ${result.status}`);
  }
  return { seconds, cpuSeconds, rssMiB: rssKiB / 1024 };
}

const loadAtStart = loadavg()[0];
const rows = [];
for (const n of sizes) {
  const dir = mkdtempSync(join(tmpdir(), `shortlinks-bench-${n}-`));
  try {
    if (shape === "mix") generate(dir, n);
    else await writeInstance(dir, makeLinks(n, 1, { shape }), { name: String(n) });
    const build = run("build", dir);
    const check = run("check", dir);
    const row = { n, build, check };
    rows.push(row);
    console.log(
      `${n} links (${shape}): build ${build.seconds.toFixed(2)} s, CPU ${build.cpuSeconds.toFixed(2)} s (${build.rssMiB.toFixed(0)} MiB), check ${check.seconds.toFixed(2)} s, CPU ${check.cpuSeconds.toFixed(2)} s (${check.rssMiB.toFixed(0)} MiB)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (write) {
  const command = `npm run build:cli && npm run bench:build -- --sizes ${sizes.join(",")}${shape === "mix" ? "" : ` --shape ${shape}`}`;
  const run = runInfo(command, loadAtStart);
  for (const r of rows) {
    const figures = (m) => ({ seconds: m.seconds, cpuSeconds: m.cpuSeconds, rssMiB: m.rssMiB });
    writeResult(`build-${r.n}`, run, {
      links: r.n,
      shape,
      build: figures(r.build),
      check: figures(r.check),
    });
  }
  const section = [
    runLine(command, loadAtStart),
    "",
    "| links | build (s) | build CPU (s) | build peak RSS (MiB) | check (s) | check CPU (s) | check peak RSS (MiB) |",
    "|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.n} | ${r.build.seconds.toFixed(2)} | ${r.build.cpuSeconds.toFixed(2)} | ${r.build.rssMiB.toFixed(0)} | ${r.check.seconds.toFixed(2)} | ${r.check.cpuSeconds.toFixed(2)} | ${r.check.rssMiB.toFixed(0)} |`,
    ),
  ].join("\n");
  writeBenchmarksSection("build", section, { title: "Build" });
  updateGoals();
  console.log(`wrote the Build section of ${BENCHMARKS}`);
}
