#!/usr/bin/env node
// npm run bench:placeholders -- --base-cli OLD/bin/shortlinks.js [--size 1m] [--placeholders 1000]
//   [--rounds 5] [--requests 20000] [--seconds 4] [--node-only]
// Placeholder links at scale (BENCHMARKS.md "Placeholder links"), A/B against the CLI of an
// earlier commit (--base-cli: a checkout built with `npm run build:cli`). One synthetic instance
// (bench/generate.mjs) is built three ways: by the base CLI, by this one, and by this one with
// --placeholders placeholder links added. It checks that the base and the new build write the same
// assets, then runs each bundle under Node (bench/node-run.mjs: first visits' ASSETS reads, then
// a bounded loop) over hits, misses and the mixed load, rounds interleaved, and reports medians.
// Then (unless --node-only; needs wrk) the ph and base bundles answer the hot and the hits loads
// in workerd, interleaved (bench/compare.mjs over bench/.work/<size>-placeholders/paths-*.txt).
// Writes bench/results/placeholders-<size>.json, the section and the goals table.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cp, mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { runBuild } from "../bench/build-bench.mjs";
import { makeLinks, makeRequests, prng, SIZES, writeInstance } from "../bench/generate.mjs";
import { compileAssetsStub, runNodeBench } from "../bench/node-bench.mjs";
import { runInfo, writeResult } from "../bench/results.mjs";
import { updateGoals } from "./bench-goals.mjs";
import { runLine, writeBenchmarksSection } from "./benchmarks-section.mjs";

const REPO = resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    "base-cli": { type: "string" },
    size: { type: "string", default: "1m" },
    placeholders: { type: "string", default: "1000" },
    rounds: { type: "string", default: "5" },
    requests: { type: "string", default: "20000" },
    seconds: { type: "string", default: "4" },
    "node-only": { type: "boolean", default: false },
  },
});
if (!values["base-cli"]) throw new Error("--base-cli OLD/bin/shortlinks.js is required");
const size = SIZES[values.size];
if (!size) throw new Error(`--size: one of ${Object.keys(SIZES).join(", ")}`);
const count = Number(values.placeholders);
const rounds = Number(values.rounds);
const requests = Number(values.requests);
const dir = join(REPO, "bench/.work", `${values.size}-placeholders`);
const log = (line) => process.stderr.write(line + "\n");
const load = [Number(loadavg()[0].toFixed(2))];

log(`generating ${size} links and ${count} placeholder links`);
execFileSync(process.execPath, [join(REPO, "scripts/build-cli.mjs")], { stdio: "inherit" });
await mkdir(dir, { recursive: true });
const links = makeLinks(size);
const mixed = makeRequests(links, 20_000);
await writeInstance(join(dir, "instance"), links, { name: values.size });
await rm(join(dir, "instance-ph"), { recursive: true, force: true });
await cp(join(dir, "instance"), join(dir, "instance-ph"), { recursive: true });
const { yaml, hits: placeholderHits } = placeholderLinks(count);
await writeFile(join(dir, "instance-ph/custom/links/placeholders.yaml"), yaml);
const paths = {
  hits: mixed.filter((r) => r.location).map((r) => r.path),
  misses: mixed.filter((r) => !r.location).map((r) => r.path),
  mixed: mixed.map((r) => r.path),
};
for (const [name, list] of Object.entries({ ...paths, hot: paths.hits.slice(0, 1000) }))
  await writeFile(join(dir, `paths-${name}.txt`), list.join("\n") + "\n");
await writeFile(join(dir, "paths-placeholder.txt"), placeholderHits.join("\n") + "\n");

const builds = {
  base: { cli: resolve(values["base-cli"]), root: "instance" },
  new: { cli: join(REPO, "bin/shortlinks.js"), root: "instance" },
  ph: { cli: join(REPO, "bin/shortlinks.js"), root: "instance-ph" },
};
const dists = {};
for (const [name, { cli, root }] of Object.entries(builds)) {
  log(`building ${name}`);
  const out = join(dir, `dist-${name}`);
  await rm(out, { recursive: true, force: true });
  const built = await runBuild({ cli, root: join(dir, root), out });
  if (!built.ok) throw new Error(`build ${name}: ${built.error}`);
  dists[name] = { out, seconds: built.seconds.toFixed(1), rssMiB: Math.round(built.peakRssMiB) };
}
await rm(join(dir, "dist"), { recursive: true, force: true });
await cp(dists.new.out, join(dir, "dist"), { recursive: true });
const identical = await sameAssets(join(dists.base.out, "assets"), join(dists.new.out, "assets"));

const stubModule = await compileAssetsStub(join(REPO, "bench/.work"));
const loads = [
  ["hits", "base"],
  ["hits", "new"],
  ["hits", "ph"],
  ["misses", "base"],
  ["misses", "new"],
  ["misses", "ph"],
  ["mixed", "base"],
  ["mixed", "new"],
  ["mixed", "ph"],
  ["placeholder", "ph"],
];
const results = new Map();
for (let round = 0; round < rounds; round++) {
  // Interleaved, and each round in another order, so a busy moment of the machine is shared.
  const order = round % 2 ? [...loads].reverse() : loads;
  for (const [pathsName, build] of order) {
    const run = await runNodeBench({
      script: join(dists[build].out, "worker/worker.js"),
      assetsDir: join(dists[build].out, "assets"),
      pathsFile: join(dir, `paths-${pathsName}.txt`),
      requests,
      stubModule,
    });
    const key = `${pathsName}|${build}`;
    results.set(key, [...(results.get(key) ?? []), run]);
    log(`round ${round} ${key}: ${run.loop.meanUs.toFixed(1)} µs, reads ${run.firstVisitReads}`);
  }
}

/** The ph and base bundles in workerd on one load, interleaved: bench/compare.mjs's medians. */
function workerdAB(loadName) {
  const json = join(dir, `workerd-${loadName}.json`);
  execFileSync(
    process.execPath,
    [
      join(REPO, "bench/compare.mjs"),
      ...["--size", `${values.size}-placeholders`, "--load", loadName, "--json", json],
      ...["--a", dists.ph.out, "--b", dists.base.out],
      ...["--rounds", values.rounds, "--seconds", values.seconds],
    ],
    { stdio: "inherit", cwd: REPO },
  );
  const { rounds: n, throughput, cpuPerRequest } = JSON.parse(readFileSync(json, "utf8"));
  return { rounds: n, throughput, cpuPerRequest };
}
const workerd = values["node-only"] ? {} : { hot: workerdAB("hot"), hits: workerdAB("hits") };
load.push(Number(loadavg()[0].toFixed(2)));

const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const of = (pathsName, build, pick) => median(results.get(`${pathsName}|${build}`).map(pick));
const meanUs = (pathsName, build) => of(pathsName, build, (r) => r.loop.meanUs);
const reads = (pathsName, build) => of(pathsName, build, (r) => r.firstVisitReads);
const ratio = (pathsName, build) => meanUs(pathsName, build) / meanUs(pathsName, "base");
const LOADS = ["hits", "misses", "mixed"];
const readsOf = (build) => Object.fromEntries(LOADS.map((l) => [l, reads(l, build)]));
const command = `npm run bench:placeholders -- --base-cli OLD/bin/shortlinks.js --size ${values.size} --placeholders ${count} --rounds ${rounds} --requests ${requests}${values["node-only"] ? " --node-only" : ` --seconds ${values.seconds}`}`;
const run = runInfo(command, load[0]);
writeResult(`placeholders-${values.size}`, run, {
  links: size,
  placeholders: count,
  node: {
    ratio: { hits: ratio("hits", "ph"), mixed: ratio("mixed", "ph") },
    reads: { base: readsOf("base"), new: readsOf("new"), ph: readsOf("ph") },
  },
});
if (!values["node-only"])
  writeResult(`placeholders-${values.size}-workerd`, run, { loads: workerd });
const ab = Object.entries(workerd).map(
  ([name, r]) =>
    `${name} ${r.throughput.toFixed(2)}x throughput, ${r.cpuPerRequest.toFixed(2)}x CPU`,
);
writeBenchmarksSection(
  "placeholders",
  [
    `${runLine(command, load[0])} At the end: ${load[1]}.`,
    "",
    `${size.toLocaleString("en")} links built by the base CLI (\`base\`), this one (\`new\`) and this one with ${count} placeholder links (\`ph\`); base and new differ ${differing(identical.differ)} of ${identical.files.toLocaleString("en")} asset files. Under Node (bench/node-run.mjs), ${requests.toLocaleString("en")} requests a run, ${rounds} rounds interleaved, medians; reads per first visit over the first 5,000 paths of a fresh process.`,
    "",
    "| paths | base mean (µs) | new / base | ph / base | reads per first visit: base, new, ph |",
    "|---|---:|---:|---:|---|",
    ...LOADS.map(
      (l) =>
        `| ${l} | ${meanUs(l, "base").toFixed(1)} | ${ratio(l, "new").toFixed(3)} | ${ratio(l, "ph").toFixed(3)} | ${["base", "new", "ph"].map((b) => reads(l, b).toFixed(3)).join(", ")} |`,
    ),
    `| placeholder links | ph: ${meanUs("placeholder", "ph").toFixed(1)} |  |  | ph: ${reads("placeholder", "ph").toFixed(3)} |`,
    "",
    `workerd, ph / base, ${rounds} rounds interleaved: ${ab.length ? ab.join("; ") : "not run (--node-only)"}. Builds: base ${dists.base.seconds} s, ${dists.base.rssMiB} MiB; new ${dists.new.seconds} s, ${dists.new.rssMiB} MiB; ph ${dists.ph.seconds} s, ${dists.ph.rssMiB} MiB.`,
  ].join("\n"),
  { title: "Placeholder links" },
);
updateGoals();
log(`wrote BENCHMARKS.md ("## Placeholder links", goals); work files in ${relative(REPO, dir)}`);

/** The differing asset files, a count per folder and top-level files by name: one short line. */
function differing(files) {
  if (files.length === 0) return "in none";
  const folders = new Map();
  const top = [];
  for (const file of files) {
    const slash = file.indexOf("/");
    if (slash < 0) top.push(`\`${file}\``);
    else folders.set(file.slice(0, slash), (folders.get(file.slice(0, slash)) ?? 0) + 1);
  }
  const parts = [...folders].map(([folder, n]) => `${n} under \`${folder}/\``).concat(top);
  return `in ${files.length} (${parts.join(", ")})`;
}

/** `count` placeholder links (YAML) and a request path for each. */
function placeholderLinks(n) {
  const rand = prng(7);
  const rows = [];
  const hits = [];
  for (let i = 0; i < n; i++) {
    const shape = i % 3;
    const value = Math.floor(rand() * 100_000);
    if (shape === 0) {
      rows.push(
        `- slug: ph${i}/:id\n  target: https://example.com/ph/${i}/:id\n  params: { id: digits }\n`,
      );
      hits.push(`/ph${i}/${value}`);
    } else if (shape === 1) {
      rows.push(`- slug: ph${i}/:a/:b\n  target: https://example.com/ph/${i}/:b?a=:a\n`);
      hits.push(`/ph${i}/x${value}/y`);
    } else {
      rows.push(`- slug: ph${i}/:lang/*\n  target: https://example.com/:lang/${i}/:splat\n`);
      hits.push(`/ph${i}/en/a/${value}`);
    }
  }
  return { yaml: rows.join(""), hits };
}

/** The files of two asset folders that differ (present in one only, or other bytes). */
async function sameAssets(a, b) {
  const list = async (root) =>
    (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => relative(root, join(e.parentPath, e.name)))
      .sort();
  const [left, right] = [new Set(await list(a)), new Set(await list(b))];
  const differ = [...new Set([...left, ...right])].filter((f) => !left.has(f) || !right.has(f));
  for (const file of [...left].filter((f) => right.has(f)))
    if (!(await readFile(join(a, file))).equals(await readFile(join(b, file)))) differ.push(file);
  return { files: left.size, differ: differ.sort() };
}
