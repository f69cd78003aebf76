/**
 * The goals table of BENCHMARKS.md, computed from the result files of bench/results/
 * (bench/results.mjs): each goal's figure, the run it comes from, and met / not met / not
 * measured yet. Pure: `goalRows(results)` takes the files keyed by name, so a test can feed it.
 *
 * Files read: build-<links> (npm run bench:build), runtime-<size> (npm run bench),
 * diff-<links>-<changes> (npm run bench:diff), placeholders-<size> and placeholders-<size>-workerd
 * (npm run bench:placeholders), routes-node and routes-ab (npm run bench:routes). A run writes
 * only what it measured, so a partial run (--node-only) leaves the other figures as they were.
 */
const M = 1_000_000;
const GIB = 1024;
const fx = (n, digits = 2) => `${n.toFixed(digits)}x`;
const s = (n) => `${n.toFixed(1)} s`;
const mib = (n) => `${Math.round(n).toLocaleString("en")} MiB`;

/** Verdict words, so a reader (and a test) sees the three states apart. */
export const MET = "met";
export const NOT_MET = "not met";
export const NOT_MEASURED = "not measured yet";

const measured = (figure, ok, ...runs) => ({ figure, verdict: ok ? MET : NOT_MET, runs });
const notMeasured = (figure = "", ...runs) => ({ figure, verdict: NOT_MEASURED, runs });

/**
 * A build or check at `links`: the later of bench:build's file and (for a build) npm run bench's
 * at that size; bench:build's on the same day.
 */
function buildAt(results, links, what) {
  const own = results[`build-${links}`];
  const fromBench =
    what === "build"
      ? Object.entries(results).find(
          ([name, r]) => name.startsWith("runtime-") && r.links === links && r.build,
        )?.[1]
      : undefined;
  const candidates = [own, fromBench].filter((r) => r?.[what]);
  if (candidates.length === 0) return undefined;
  const latest = candidates.reduce((a, b) => (b.run.date > a.run.date ? b : a));
  return { ...latest[what], run: latest.run };
}

function buildGoal(results, links, what, seconds, rssMiB) {
  const m = buildAt(results, links, what);
  if (!m) return notMeasured();
  const ok = m.seconds <= seconds && (rssMiB === undefined || m.rssMiB <= rssMiB);
  return measured(`${s(m.seconds)}, ${mib(m.rssMiB)}`, ok, m.run);
}

/**
 * The slowest run of one command over `changes` changes at 1M (case sensitivity left as it was);
 * with `warm`, only the runs that found the cache of an earlier run, when there are any.
 */
function reviewGoal(results, changes, commands, seconds, rssMiB, { warm = false } = {}) {
  const file = results[`diff-${M}-${changes}`];
  const all = (file?.rows ?? []).filter((r) => commands.includes(r.command) && !r.worstCase);
  const warmRows = all.filter((r) => r.cache === "warm");
  const rows = warm && warmRows.length > 0 ? warmRows : all;
  if (rows.length === 0) return notMeasured();
  const slowest = rows.reduce((a, b) => (b.seconds > a.seconds ? b : a));
  const peak = Math.max(...rows.map((r) => r.rssMiB));
  const ok = slowest.seconds <= seconds && (rssMiB === undefined || peak <= rssMiB);
  return measured(`${s(slowest.seconds)} (${slowest.name}), peak ${mib(peak)}`, ok, file.run);
}

const runtime = (results, size) => results[`runtime-${size}`];

/** 1M first visits against the 1k cost plus one bare ASSETS read per first visit that reads. */
function readFloorGoal(results) {
  const [small, big] = [runtime(results, "1k"), runtime(results, "1m")];
  if (!small || !big) return notMeasured();
  const floor = small.mixedCpuUs + big.readsPerFirstVisit * big.readCostUs;
  const ratio = big.mixedCpuUs / floor;
  const figure = `${fx(ratio)}: ${Math.round(big.mixedCpuUs)} µs against ${Math.round(small.mixedCpuUs)} + ${big.readsPerFirstVisit.toFixed(2)} reads × ${Math.round(big.readCostUs)} µs`;
  if (big.mixedProfiled || small.mixedProfiled)
    return notMeasured(`${figure}, only under the CPU profiler`, small.run, big.run);
  return measured(figure, ratio <= 1.15, small.run, big.run);
}

function hotPathGoal(results, size) {
  const r = runtime(results, size);
  if (!r) return notMeasured();
  const ratio = r.hotRps / r.minimalHotRps;
  return measured(
    `${fx(ratio)} (${Math.round(r.hotRps)} against ${Math.round(r.minimalHotRps)} req/s${r.hotRounds ? `, median of ${r.hotRounds} interleaved rounds` : ""})`,
    ratio >= 0.95,
    r.run,
  );
}

function coldGoal(results) {
  const [small, big] = [runtime(results, "1k"), runtime(results, "1m")];
  if (!small || !big) return notMeasured();
  const ratio = big.coldFirstCpuMs / small.coldFirstCpuMs;
  const profiled = big.coldProfiled || small.coldProfiled ? ", under the CPU profiler" : "";
  return measured(
    `${fx(ratio)} (${big.coldFirstCpuMs.toFixed(2)} against ${small.coldFirstCpuMs.toFixed(2)} ms of workerd CPU${profiled})`,
    ratio <= 1.2,
    small.run,
    big.run,
  );
}

function heapGoal(results) {
  const r = runtime(results, "1m");
  if (!r) return notMeasured();
  return measured(`${r.heapRetainedMiB.toFixed(1)} MiB`, r.heapRetainedMiB < 8, r.run);
}

function routesAbGoal(results) {
  const ab = results["routes-ab"];
  if (!ab) return notMeasured();
  return measured(
    `${fx(ab.throughput)} throughput, ${fx(ab.cpuPerRequest)} CPU per request (${ab.rounds} rounds)`,
    ab.throughput >= 0.97,
    ab.run,
  );
}

function routesCpuGoal(results) {
  const node = results["routes-node"];
  if (!node) return notMeasured();
  return measured(
    `+${node.paired.toFixed(1)} µs (${node.routes.toFixed(1)} against ${node.plain.toFixed(1)} µs, under Node)`,
    node.paired <= 10,
    node.run,
  );
}

/** The worst of the Node loads' time ratio and the workerd A/Bs' CPU ratio, placeholders / base. */
function placeholderHotGoal(results) {
  const r = results["placeholders-1m"];
  const w = results["placeholders-1m-workerd"];
  if (!r) return notMeasured();
  const ratios = [
    ...Object.entries(r.node.ratio).map(([load, x]) => [`Node ${load}`, x]),
    ...Object.entries(w?.loads ?? {}).map(([load, ab]) => [
      `workerd ${load} CPU`,
      ab.cpuPerRequest,
    ]),
  ];
  const worst = Math.max(...ratios.map(([, x]) => x));
  const figure = ratios.map(([load, x]) => `${load} ${fx(x, 3)}`).join(", ");
  const runs = w ? [r.run, w.run] : [r.run];
  return measured(figure + (w ? "" : " (workerd not run)"), worst <= 1.1, ...runs);
}

/** Reads per first visit with placeholders against without: at most 0.01 more on every load. */
function placeholderReadsGoal(results) {
  const r = results["placeholders-1m"];
  if (!r) return notMeasured();
  const loads = Object.keys(r.node.reads.base);
  const extra = Math.max(...loads.map((l) => r.node.reads.ph[l] - r.node.reads.base[l]));
  const figure = loads
    .map((l) => `${l} ${r.node.reads.ph[l].toFixed(3)} against ${r.node.reads.base[l].toFixed(3)}`)
    .join(", ");
  return measured(figure, extra <= 0.01, r.run);
}

/** The goals, in the order of the table. */
export const GOALS = [
  ["Build at 1M ≤ 20 s and ≤ 1 GiB peak", (r) => buildGoal(r, M, "build", 20, GIB)],
  ["`check` at 1M ≤ 20 s", (r) => buildGoal(r, M, "check", 20)],
  ["Build at 100k ≤ 3 s", (r) => buildGoal(r, 100_000, "build", 3)],
  ["`check` at 100k ≤ 3 s", (r) => buildGoal(r, 100_000, "check", 3)],
  [
    "`diff`, 1,000 changes at 1M ≤ 30 s and ≤ 1.5 GiB",
    (r) => reviewGoal(r, 1000, ["diff"], 30, 1.5 * GIB),
  ],
  [
    "`check --against`, 1,000 changes at 1M ≤ 30 s and ≤ 1.5 GiB",
    (r) => reviewGoal(r, 1000, ["check --against"], 30, 1.5 * GIB),
  ],
  [
    "One-link change at 1M ≤ 10 s (`diff`, `check --against`; cache of an earlier run)",
    (r) => reviewGoal(r, 1, ["diff", "check --against"], 10, undefined, { warm: true }),
  ],
  ["First visits at 1M ≤ 1.15x of the read floor (workerd CPU, no profiler)", readFloorGoal],
  ["Hot path ≥ 0.95x the minimal worker at 1k", (r) => hotPathGoal(r, "1k")],
  ["Hot path ≥ 0.95x the minimal worker at 1M", (r) => hotPathGoal(r, "1m")],
  ["Cold first redirect at 1M within 1.2x of 1k", coldGoal],
  ["Isolate heap retained after all loads at 1M < 8 MiB", heapGoal],
  ["Routes: a link without routes ≥ 0.97x (interleaved A/B)", routesAbGoal],
  ["Routes: ten routes ≤ 10 µs more CPU per request", routesCpuGoal],
  ["Placeholders at 1M within 1.1x on the hot path", placeholderHotGoal],
  ["Placeholders at 1M: no extra shard read per first visit (≤ 0.01)", placeholderReadsGoal],
];

/** One row per goal: `{ goal, figure, verdict, runs }` (runs: the `run` objects it read). */
export function goalRows(results) {
  return GOALS.map(([goal, evaluate]) => ({ goal, ...evaluate(results) }));
}

/** The markdown of the goals section: the table, then each run cited once, numbered. */
export function goalsMarkdown(results) {
  const rows = goalRows(results);
  const runs = [];
  const cite = (run) => {
    const key = JSON.stringify(run);
    if (!runs.includes(key)) runs.push(key);
    return `[${runs.indexOf(key) + 1}]`;
  };
  const lines = ["| goal | figure | run | verdict |", "|---|---|---|---|"];
  for (const r of rows) {
    const cited = [...new Set(r.runs.map(cite))].join(" ");
    const verdict = r.verdict === MET ? r.verdict : `**${r.verdict}**`;
    lines.push(`| ${r.goal} | ${r.figure} | ${cited} | ${verdict} |`);
  }
  lines.push("");
  runs.forEach((key, i) => {
    const run = JSON.parse(key);
    lines.push(`${i + 1}. ${run.date}: \`${run.command}\`; load ${run.load.toFixed(2)}`);
  });
  return lines.join("\n");
}
