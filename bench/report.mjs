/**
 * Markdown for BENCHMARKS.md "Runtime": the headline (first visits against the read floor, the
 * hot path against the minimal worker, the cold first redirect, the retained heap), then every
 * measure with the sizes side by side; and the figures bench/goals.mjs judges (runtimeSummary).
 */
const f = (n, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : "n/a";
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b ? `${f(a / b, 2)}x` : "n/a");

export function sizeTable(r) {
  if (!r.build?.ok)
    return `### ${r.name} (${f(r.size)} links)\n\nBuild failed after ${f(r.build?.seconds, 1)} s (peak ${f(r.build?.peakRssMiB)} MiB):\n\n\`\`\`\n${r.build?.error}\n\`\`\`\n`;
  return [
    `### ${r.name} (${f(r.size)} links; sources: ${r.sources.join(", ")})`,
    "",
    "| measure | value |",
    "|---|---|",
    ...sizeRows(r).map(([k, v]) => `| ${k} | ${v} |`),
    "",
  ].join("\n");
}

/**
 * Measures left out of BENCHMARKS.md (runtime-report.md keeps them): what our response headers
 * cost the minimal and floor workers, nginx's second load, the floor workers' cold starts and a
 * shard lookup's microbenchmark, and the read floor's parts (the headline has them).
 */
export const DETAIL_ONLY = [
  "Our redirect's response headers",
  "Minimal Map worker with those headers",
  "Floor worker with those headers",
  "Ratio bundle / minimal worker with the same headers",
  "Ratio floor with the headers",
  "nginx map, hits only",
  "Largest shard: one record found",
  "floor worker cold",
  "assets floor worker cold",
  "Bundle under Node: cold first request",
  "Ratio bundle in workerd / nginx",
  "One ASSETS read per request",
  "ASSETS reads per first visit",
];

/**
 * Every size that built, one column each: the one current table of BENCHMARKS.md "Runtime"
 * (`brief`: without the DETAIL_ONLY measures).
 */
export function sizesTable(results, { brief = false } = {}) {
  const built = results.filter((r) => r.build?.ok);
  const columns = built.map((r) => new Map(sizeRows(r)));
  const measures = [...new Set(columns.flatMap((rows) => [...rows.keys()]))].filter(
    (k) => !brief || !DETAIL_ONLY.some((prefix) => k.startsWith(prefix)),
  );
  const failed = results.filter((r) => !r.build?.ok).map(sizeTable);
  return [
    `| measure | ${built.map((r) => `${r.name} (${f(r.size)} links)`).join(" | ")} |`,
    `|---|${built.map(() => "---").join("|")}|`,
    ...measures.map((k) => `| ${k} | ${columns.map((rows) => rows.get(k) ?? "").join(" | ")} |`),
    "",
    ...failed,
  ].join("\n");
}

function sizeRows(r) {
  const w = r.workerd;
  return [
    ["Build: wall time / peak RSS", `${f(r.build.seconds, 1)} s / ${f(r.build.peakRssMiB)} MiB`],
    [
      "Registry: shards, largest / mean shard; membership filter",
      `${f(r.shards.count)}, ${f(r.shards.maxBytes / 1024, 1)} / ${f(r.shards.meanBytes / 1024, 1)} KiB; ${f(r.shards.filterBytes / 1024, 1)} KiB`,
    ],
    [
      "Largest shard: one record found (string search, one record parsed) / every record parsed",
      `${f(r.shards.lookupUs.findOne, 1)} / ${f(r.shards.lookupUs.parseAll)} µs`,
    ],
    ["workerd cold: ready (median)", `${f(median(r.cold.map((c) => c.readyMs)))} ms`],
    [
      "workerd cold, no profiler: first / second request (new shard) wall / workerd CPU (median)",
      `${coldWhole(r.cold.map((c) => c.first))}; ${coldWhole(r.cold.map((c) => c.second))}`,
    ],
    ...(r.coldProfiled
      ? [
          [
            "workerd cold, one profiled start: first request wall / workerd CPU / isolate's own CPU (as sampled); top functions (own ms)",
            `${cold([r.coldProfiled.first])}; ${r.coldProfiled.first.top.join(", ")}`,
          ],
        ]
      : []),
    [
      "floor worker cold: first request wall / workerd CPU / isolate's own CPU (as sampled)",
      cold([r.coldFloor.first]),
    ],
    ...(r.coldAssetsFloor
      ? [
          [
            "assets floor worker cold (reads the same 4 private files, then redirects)",
            cold([r.coldAssetsFloor.first]),
          ],
        ]
      : []),
    [
      "Isolate heap (V8 used): before load → after the hot load → after all loads (retained after a full GC)",
      `${f(w.heapBeforeMiB, 1)} → ${f(w.heapHotMiB, 1)} → ${f(w.heapAfterMiB, 1)} MiB (${f(w.heapRetainedMiB, 1)} MiB)`,
    ],
    [
      "workerd RSS: ready → after first request → after load (floor worker after load)",
      `${f(median(r.cold.map((c) => c.rssReadyMiB)))} → ${f(median(r.cold.map((c) => c.rssAfterMiB)))} → ${f(w.rssAfterMiB)} MiB (${f(r.floor.rssAfterMiB)} MiB)`,
    ],
    ["Bundle in workerd, hot 1,000 paths, warm isolate: req/s, CPU/req, p50 / p99", load(w.hot)],
    [
      "Bundle in workerd, mixed 20,000 paths (first visits: shards load during the run)",
      load(w.mixed),
    ],
    ["Bundle in workerd, hits only", load(w.hits)],
    [
      `Bundle in workerd, Zipf load on a fresh isolate (exponent ${r.zipfShape.exponent}, ${f(r.zipfShape.misses * 100)}% misses; under the CPU profiler)`,
      `${load(r.zipf)} (${zipfShape(r)})`,
    ],
    [
      "Bundle in workerd, Zipf load: the isolate's own CPU per request; heap after",
      `${f(r.zipf.ownUsPerRequest)} µs; ${f(r.zipf.heapAfterMiB, 1)} MiB`,
    ],
    [
      "One ASSETS read per request (a worker reading a random shard) / floor worker, mixed paths: workerd CPU per request",
      `${f(r.assetsRead.read.cpuUsPerRequest)} / ${f(r.assetsRead.floor.cpuUsPerRequest)} µs`,
    ],
    ["Bundle in workerd, misses only (404 page read via ASSETS)", load(w.misses)],
    ["Minimal Map worker, hot 1,000 paths, warm", load(r.minimal.hot)],
    ["Minimal Map worker, mixed", load(r.minimal.mixed)],
    ["Minimal Map worker, hits only", load(r.minimal.hits)],
    [
      "Minimal Map worker: first request (whole JSON parse) wall / CPU; isolate heap / RSS after load",
      `${f(r.minimalFirst.ms)} ms / ${f(r.minimalFirst.cpuMs)} ms; ${f(r.minimal.heapAfterMiB, 1)} / ${f(r.minimal.rssAfterMiB)} MiB`,
    ],
    ["Floor worker (constant redirect), mixed", load(r.floor.mixed)],
    ...(r.minimalHeaders
      ? [
          [
            "Our redirect's response headers (beside Location)",
            `${Object.keys(r.redirectHeaders).length} headers, ${f(headerBytes(r.redirectHeaders))} bytes`,
          ],
          [
            "Minimal Map worker with those headers, hot 1,000 paths, warm",
            load(r.minimalHeaders.hot),
          ],
          ["Minimal Map worker with those headers, mixed", load(r.minimalHeaders.mixed)],
          ["Minimal Map worker with those headers, hits only", load(r.minimalHeaders.hits)],
          ["Floor worker with those headers, mixed", load(r.floorHeaders.mixed)],
        ]
      : []),
    ["nginx map: load time / RSS", `${f(r.nginx.loadMs)} ms / ${f(r.nginx.rssMiB)} MiB`],
    ["nginx map, mixed", load(r.nginx.mixed)],
    ["nginx map, hits only", load(r.nginx.hits)],
    [
      "Bundle under Node: cold first request wall / CPU",
      `${f(r.node.first.ms, 1)} ms / ${f(r.node.first.cpuUs / 1000, 1)} ms`,
    ],
    [
      "ASSETS reads per first visit of a mixed path (bundle under Node, first 5,000 paths)",
      f(r.node.firstVisitReads, 2),
    ],
    [
      "Bundle under Node: loop req/s, mean / p50 / p99",
      `${f(r.node.loop.rps)}, ${f(r.node.loop.meanUs)} / ${f(r.node.loop.p50Us)} / ${f(r.node.loop.p99Us)} µs (${f(r.node.loop.requests)} requests)`,
    ],
    [
      "Ratio bundle / minimal worker (workerd, hot, warm): throughput, CPU per request",
      `${ratio(w.hot.rps, r.minimal.hot.rps)}, ${ratio(w.hot.cpuUsPerRequest, r.minimal.hot.cpuUsPerRequest)}`,
    ],
    [
      "Ratio bundle / minimal worker (workerd, mixed): throughput, CPU per request",
      `${ratio(w.mixed.rps, r.minimal.mixed.rps)}, ${ratio(w.mixed.cpuUsPerRequest, r.minimal.mixed.cpuUsPerRequest)}`,
    ],
    [
      "Ratio bundle / minimal worker (workerd, hits): throughput, CPU per request",
      `${ratio(w.hits.rps, r.minimal.hits.rps)}, ${ratio(w.hits.cpuUsPerRequest, r.minimal.hits.cpuUsPerRequest)}`,
    ],
    ...(r.minimalHeaders
      ? [
          [
            "Ratio bundle / minimal worker with the same headers (hot; mixed; hits): throughput",
            `${ratio(w.hot.rps, r.minimalHeaders.hot.rps)}; ${ratio(w.mixed.rps, r.minimalHeaders.mixed.rps)}; ${ratio(w.hits.rps, r.minimalHeaders.hits.rps)}`,
          ],
          [
            "Ratio floor with the headers / floor (mixed): throughput, CPU per request",
            `${ratio(r.floorHeaders.mixed.rps, r.floor.mixed.rps)}, ${ratio(r.floorHeaders.mixed.cpuUsPerRequest, r.floor.mixed.cpuUsPerRequest)}`,
          ],
        ]
      : []),
    [
      "Ratio bundle in workerd / nginx (mixed): throughput, CPU per request",
      `${ratio(w.mixed.rps, r.nginx.mixed.rps)}, ${ratio(w.mixed.cpuUsPerRequest, r.nginx.mixed.cpuUsPerRequest)}`,
    ],
    [
      "Sanity (first 200 paths answered as expected)",
      Object.entries(r.sanity)
        .map(([k, v]) => `${k} ${v.checked - v.wrong}/${v.checked}`)
        .join(", "),
    ],
    ["Load average (1 min) at start / end", r.loadavg.join(" / ")],
  ];
}

const zipfShape = (r) =>
  `${f(r.zipfShape.requests)} requests, ${f(r.zipfShape.distinctPaths)} distinct paths`;

/** What one bare ASSETS read adds to a request, in workerd CPU: the read worker less the floor. */
const readCostUs = (r) => r.assetsRead.read.cpuUsPerRequest - r.assetsRead.floor.cpuUsPerRequest;

/** The Zipf load at every size that ran, side by side. */
export function zipfTable(results) {
  const lines = [
    "| links | requests in the stream, distinct paths | req/s | workerd CPU / request | isolate's own CPU / request | p50 | p99 | errors |",
    "|---:|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of results.filter((x) => x.zipf))
    lines.push(
      `| ${f(r.size)} | ${f(r.zipfShape.requests)}, ${f(r.zipfShape.distinctPaths)} | ${f(r.zipf.rps)} | ${f(r.zipf.cpuUsPerRequest)} µs | ${f(r.zipf.ownUsPerRequest)} µs | ${f(r.zipf.latP50Us / 1000, 1)} ms | ${f(r.zipf.latP99Us / 1000, 1)} ms | ${r.zipf.errors} |`,
    );
  return lines.join("\n") + "\n";
}

function coldWhole(samples) {
  const m = (key) => median(samples.map((s) => s[key]));
  return `${f(m("ms"), 1)} ms / ${f(m("cpuMs"), 2)} ms`;
}

function cold(samples) {
  const m = (key) => median(samples.map((s) => s[key]));
  const own = samples[0].ownMs === undefined ? "" : `${f(m("ownMs"), 2)} ms (`;
  return `${f(m("ms"), 1)} ms / ${f(m("cpuMs"), 2)} ms / ${own}${f(m("isolateMs"), 2)} ms${own ? ")" : ""}`;
}

const headerBytes = (headers) =>
  Object.entries(headers).reduce((sum, [k, v]) => sum + k.length + v.length + 4, 0);

function load(l) {
  return `${f(l.rps)} req/s, ${f(l.cpuUsPerRequest)} µs, ${f(l.latP50Us / 1000, 1)} / ${f(l.latP99Us / 1000, 1)} ms${l.errors ? `, ${l.errors} errors` : ""}`;
}

/** The figures of one size that bench/goals.mjs judges (bench/results/runtime-<size>.json). */
export function runtimeSummary(r) {
  if (!r.build?.ok) return undefined;
  return {
    links: r.size,
    mixedCpuUs: r.workerd.mixed.cpuUsPerRequest,
    readsPerFirstVisit: r.node.firstVisitReads,
    readCostUs: readCostUs(r),
    // Interleaved rounds where the run has them (bench/interleave.mjs), else the one load of each.
    hotRps: r.hotPair?.a.rps ?? r.workerd.hot.rps,
    minimalHotRps: r.hotPair?.b.rps ?? r.minimal.hot.rps,
    ...(r.hotPair ? { hotRounds: r.hotPair.rounds } : {}),
    coldFirstCpuMs: median(r.cold.map((c) => c.first.cpuMs)),
    heapRetainedMiB: r.workerd.heapRetainedMiB,
    build: { seconds: r.build.seconds, rssMiB: r.build.peakRssMiB },
  };
}

/**
 * The headline, every size side by side: first visits (the mixed load) against the read floor,
 * the smallest size's cost plus one bare ASSETS read per first visit that reads (both measured
 * in this run, no profiler); the hot path against the minimal worker; the cold first redirect
 * against the smallest size; the heap retained after all loads.
 */
export function headlineTable(results) {
  const sums = results.map((r) => [r, runtimeSummary(r)]).filter(([, s]) => s);
  if (sums.length === 0) return "No size built.\n";
  const [first, base] = sums[0];
  const row = (label, cell) => `| ${label} | ${sums.map(([r, s]) => cell(s, r)).join(" | ")} |`;
  return [
    `| measure | ${sums.map(([r]) => `${r.name} (${f(r.size)} links)`).join(" | ")} |`,
    `|---|${sums.map(() => "---").join("|")}|`,
    row("First visits (mixed load): workerd CPU per request", (s) => `${f(s.mixedCpuUs)} µs`),
    row(
      "ASSETS reads per first visit; one bare read's workerd CPU",
      (s) => `${f(s.readsPerFirstVisit, 2)}; ${f(s.readCostUs)} µs`,
    ),
    row(`Read floor: ${first.name} cost + reads × one read; first visits against it`, (s) => {
      const floor = base.mixedCpuUs + s.readsPerFirstVisit * s.readCostUs;
      return `${f(floor)} µs; ${ratio(s.mixedCpuUs, floor)}`;
    }),
    row("Hot path: bundle / minimal Map worker throughput (median of interleaved rounds)", (s) =>
      s.hotRounds
        ? `${ratio(s.hotRps, s.minimalHotRps)} (${s.hotRounds} rounds)`
        : `${ratio(s.hotRps, s.minimalHotRps)} (one load each)`,
    ),
    row(
      `Cold first redirect: workerd CPU; against ${first.name}`,
      (s) => `${f(s.coldFirstCpuMs, 2)} ms; ${ratio(s.coldFirstCpuMs, base.coldFirstCpuMs)}`,
    ),
    row("Isolate heap retained after all loads (full GC)", (s) => `${f(s.heapRetainedMiB, 1)} MiB`),
    "",
  ].join("\n");
}

/** BENCHMARKS.md "Runtime": the headline's rows first, then the measures, in one table. */
export function runtimeTable(results) {
  const sizes = sizesTable(results, { brief: true }).split("\n");
  return [headlineTable(results).trimEnd(), ...sizes.slice(2)].join("\n");
}
