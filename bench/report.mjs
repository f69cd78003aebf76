/** Markdown for BENCHMARKS.md "Runtime": one table per size, then the goals with measured values. */
const f = (n, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : "n/a";
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b ? `${f(a / b, 2)}x` : "n/a");

export function sizeTable(r) {
  if (!r.build?.ok)
    return `### ${r.name} (${f(r.size)} links)\n\nBuild failed after ${f(r.build?.seconds, 1)} s (peak ${f(r.build?.peakRssMiB)} MiB):\n\n\`\`\`\n${r.build?.error}\n\`\`\`\n`;
  const w = r.workerd;
  const rows = [
    ["Build: wall time / peak RSS", `${f(r.build.seconds, 1)} s / ${f(r.build.peakRssMiB)} MiB`],
    [
      "Registry: shards, largest / mean shard, JSON.parse of the largest",
      `${f(r.shards.count)}, ${f(r.shards.maxBytes / 1024, 1)} / ${f(r.shards.meanBytes / 1024, 1)} KiB, ${f(r.shards.maxParseUs)} µs`,
    ],
    ["workerd cold: ready (median)", `${f(median(r.cold.map((c) => c.readyMs)))} ms`],
    [
      "workerd cold: first request wall / workerd CPU / isolate's own CPU (profile as sampled) (median)",
      cold(r.cold.map((c) => c.first)),
    ],
    [
      "workerd cold: second request (new shard) wall / workerd CPU / isolate's own CPU (as sampled)",
      cold(r.cold.map((c) => c.second)),
    ],
    [
      "workerd cold: isolate's top functions on the first request (own ms)",
      r.cold[0].first.top.join(", "),
    ],
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
      "Bundle in workerd, mixed 20,000 paths (shards load during the run; under the CPU profiler)",
      load(w.mixed),
    ],
    ...(w.mixedOwnUsPerRequest === undefined
      ? []
      : [
          [
            "Bundle in workerd, mixed: the worker isolate's own CPU per request (CPU profile)",
            `${f(w.mixedOwnUsPerRequest)} µs`,
          ],
        ]),
    ["Bundle in workerd, hits only", load(w.hits)],
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
  return [
    `### ${r.name} (${f(r.size)} links; sources: ${r.sources.join(", ")})`,
    "",
    "| measure | value |",
    "|---|---|",
    ...rows.map(([k, v]) => `| ${k} | ${v} |`),
    "",
  ].join("\n");
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

/** The issue's goals, judged on the sizes that ran (smallest and largest). */
export function goalsTable(results) {
  const ok = results.filter((r) => r.build?.ok);
  const small = ok[0];
  const big = ok[ok.length - 1];
  const lines = ["| goal | measured | met |", "|---|---|---|"];
  const row = (goal, measured, met) =>
    lines.push(
      `| ${goal} | ${measured} | ${met === undefined ? "n/a" : met ? "met" : "not met"} |`,
    );
  if (small && big && small !== big) {
    const hot = big.workerd.hot.cpuUsPerRequest / small.workerd.hot.cpuUsPerRequest;
    row(
      `Per-request time at ${big.name} within 1.5x of ${small.name} (workerd CPU per request, hot paths, warm isolate)`,
      `${f(small.workerd.hot.cpuUsPerRequest)} → ${f(big.workerd.hot.cpuUsPerRequest)} µs (${f(hot, 2)}x)`,
      hot <= 1.5,
    );
    const hits = big.workerd.hits.cpuUsPerRequest / small.workerd.hits.cpuUsPerRequest;
    const mixed = big.workerd.mixed.cpuUsPerRequest / small.workerd.mixed.cpuUsPerRequest;
    const node = big.node.loop.meanUs / small.node.loop.meanUs;
    row(
      `Per-request time at ${big.name} within 1.5x of ${small.name} (… hits over 20,000 paths, shards loading)`,
      `${f(small.workerd.hits.cpuUsPerRequest)} → ${f(big.workerd.hits.cpuUsPerRequest)} µs (${f(hits, 2)}x)`,
      hits <= 1.5,
    );
    row(
      `… same, mixed hits and misses`,
      `${f(small.workerd.mixed.cpuUsPerRequest)} → ${f(big.workerd.mixed.cpuUsPerRequest)} µs (${f(mixed, 2)}x)`,
      mixed <= 1.5,
    );
    if (
      small.workerd.mixedOwnUsPerRequest !== undefined &&
      big.workerd.mixedOwnUsPerRequest !== undefined
    ) {
      const own = big.workerd.mixedOwnUsPerRequest / small.workerd.mixedOwnUsPerRequest;
      row(
        `… same, mixed, the worker isolate's own CPU only (the assets service's share of a shard read left out)`,
        `${f(small.workerd.mixedOwnUsPerRequest)} → ${f(big.workerd.mixedOwnUsPerRequest)} µs (${f(own, 2)}x)`,
        own <= 1.5,
      );
    }
    row(
      `… same, bundle under Node (mean per request)`,
      `${f(small.node.loop.meanUs)} → ${f(big.node.loop.meanUs)} µs (${f(node, 2)}x)`,
      node <= 1.5,
    );
  }
  for (const r of big ? [big] : []) {
    const own = median(r.cold.map((c) => c.first.ownMs ?? c.first.isolateMs));
    const sampled = median(r.cold.map((c) => c.first.isolateMs));
    const process = median(r.cold.map((c) => c.first.cpuMs));
    row(
      `Cold isolate answers its first redirect at ${r.name} in under 5 ms CPU (CPU profile of the worker's isolate, its own work)`,
      `${f(own, 2)} ms (as sampled, with the thread's time in the cold assets service: ${f(sampled, 2)} ms; whole workerd process: ${f(process, 2)} ms)`,
      own < 5,
    );
    const heap = r.workerd.heapAfterMiB;
    row(
      `Isolate under 64 MB at ${r.name} (V8 heap of the worker's isolate after the load, used bytes)`,
      `${f(heap, 1)} MiB (before the load ${f(r.workerd.heapBeforeMiB, 1)} MiB; retained after a full GC ${f(r.workerd.heapRetainedMiB, 1)} MiB)`,
      heap < 64,
    );
  }
  for (const r of ok) {
    const through = r.workerd.hot.rps / r.minimal.hot.rps;
    row(
      `${r.name}: bundle ≥ 0.8x the minimal Map worker's throughput in workerd (hot, warm; nginx ratio beside)`,
      `${f(through, 2)}x (mixed ${ratio(r.workerd.mixed.rps, r.minimal.mixed.rps)}; hits ${ratio(r.workerd.hits.rps, r.minimal.hits.rps)}; vs nginx mixed ${ratio(r.workerd.mixed.rps, r.nginx.mixed.rps)})`,
      through >= 0.8,
    );
    if (!r.minimalHeaders) continue;
    const logic = r.workerd.hot.rps / r.minimalHeaders.hot.rps;
    row(
      `${r.name}: … against the minimal worker sending the same response headers (our logic alone)`,
      `${f(logic, 2)}x (mixed ${ratio(r.workerd.mixed.rps, r.minimalHeaders.mixed.rps)}; hits ${ratio(r.workerd.hits.rps, r.minimalHeaders.hits.rps)}; the headers alone take the floor worker to ${ratio(r.floorHeaders.mixed.rps, r.floor.mixed.rps)})`,
      logic >= 0.8,
    );
  }
  const biggest = results[results.length - 1];
  if (biggest?.build) {
    const b = biggest.build;
    row(
      `Build of ${biggest.name} under 60 s and 2 GiB`,
      `${f(b.seconds, 1)} s, ${f(b.peakRssMiB)} MiB${b.ok ? "" : " (failed)"}`,
      b.ok && b.seconds < 60 && b.peakRssMiB < 2048,
    );
  }
  return lines.join("\n") + "\n";
}
