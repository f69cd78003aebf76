/**
 * Every measurement of one instance size, side by side in one sitting: (a) build, (b) cold start
 * and first request in workerd, (c) load on the bundle in workerd and under Node, (d) the same
 * load on nginx `map`, on a minimal Map-lookup worker and on a constant-redirect worker (the
 * floor of the workerd harness). Every server listens on 127.0.0.1 and is stopped here.
 */
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { join } from "node:path";
import { makeLinks, makeRequests, makeZipfRequests, writeInstance } from "./generate.mjs";
import { runBuild, shardStats } from "./build-bench.mjs";
import { interleavedLoads, pairSummary } from "./interleave.mjs";
import { MINIMAL_WORKER, minimalWithHeadersScript, writeMinimalAssets } from "./minimal.mjs";
import { startNginx } from "./nginx.mjs";
import { runNodeBench } from "./node-bench.mjs";
import { cpuNs, processTree, rssMiB } from "./proc.mjs";
import {
  FLOOR_ASSETS_SCRIPT,
  FLOOR_SCRIPT,
  floorScriptWith,
  readScript,
  startWorkerd,
} from "./workerd.mjs";
import { runWrk } from "./wrk.mjs";

const REQUEST_PATHS = 20_000;
/** Distinct paths of the "hot" load: popular links, every one requested once before the load. */
const HOT_PATHS = 1_000;
const SANITY_REQUESTS = 200;
/** The realistic load: requests drawn from a Zipf distribution over every link, and misses. */
const ZIPF = { requests: 50_000, exponent: 1, misses: 0.1 };

/** The goal is the cold first *redirect*: cold starts request links only, in this order. */
const redirectsOf = (requests) => requests.filter((r) => r.location);

/** The requests the cold starts of a size use (`bench:compare --load cold` too). */
export const coldRequests = (size) => redirectsOf(makeRequests(makeLinks(size), REQUEST_PATHS));

/**
 * Runs one size; `opts`: { name, size, work, cli, seconds, coldRuns, hotRounds, nodeRequests, log }.
 */
export async function runSize(opts) {
  const { name, size, work, log } = opts;
  const dir = join(work, name);
  const result = { name, size, loadavg: [] };
  const mark = () => result.loadavg.push(Number(loadavg()[0].toFixed(2)));
  mark();

  log(`[${name}] generating ${size} links`);
  const links = makeLinks(size);
  const requests = makeRequests(links, REQUEST_PATHS);
  const zipf = makeZipfRequests(links, ZIPF.requests, ZIPF);
  result.zipfShape = { ...ZIPF, distinctPaths: new Set(zipf.map((r) => r.path)).size };
  result.sources = await writeInstance(join(dir, "instance"), links, { name });
  const files = await writePathFiles(dir, requests, zipf);

  log(`[${name}] building`);
  const dist = join(dir, "dist");
  await rm(dist, { recursive: true, force: true });
  result.build = await runBuild({ cli: opts.cli, root: join(dir, "instance"), out: dist });
  if (!result.build.ok) {
    log(`[${name}] build failed: ${result.build.error}`);
    return result;
  }
  const wrangler = JSON.parse(await readFile(join(dist, "wrangler.json"), "utf8"));
  result.shards = await shardStats(join(dist, wrangler.assets.directory));
  result.shards.lookupUs = await shardLookupUs(
    join(dist, wrangler.assets.directory),
    result.shards,
    opts.shardFormat,
  );
  const compatibilityDate = wrangler.compatibility_date;
  // Paths as the deploy configuration names them (main, assets.directory).
  const bundle = {
    scriptPath: join(dist, wrangler.main),
    assetsDir: join(dist, wrangler.assets.directory),
    compatibilityDate,
  };
  const load = (server, pathsFile) =>
    runWrk({ url: server.url, pathsFile, pids: server.pids, seconds: opts.seconds });

  log(`[${name}] bundle in workerd: cold starts`);
  const redirects = redirectsOf(requests);
  // Whole workerd CPU without a profiler (the headline), then one profiled start for the
  // isolate's own CPU and its top functions.
  result.cold = [];
  for (let i = 0; i < opts.coldRuns; i++)
    result.cold.push(await coldStart(bundle, redirects[i], redirects[i + 1], { profile: false }));
  result.coldProfiled = await coldStart(bundle, redirects[0], redirects[1]);
  result.coldFloor = await coldStart(
    { script: FLOOR_SCRIPT, assetsDir: bundle.assetsDir, compatibilityDate },
    redirects[0],
    redirects[1],
  );
  result.coldAssetsFloor = await coldStart(
    { script: FLOOR_ASSETS_SCRIPT, assetsDir: bundle.assetsDir, compatibilityDate },
    redirects[0],
    redirects[1],
  );

  log(`[${name}] bundle in workerd: load`);
  const ours = await startWorkerd({ ...bundle, inspector: true });
  try {
    result.sanity = { bundle: await sanity(ours.url, requests) };
    result.redirectHeaders = await redirectHeaders(ours.url, requests);
    const rssBefore = rssMiB(ours.pids);
    const inspector = await ours.inspect();
    const heapBefore = await inspector.heap();
    await warm(ours.url, requests.slice(0, HOT_PATHS));
    const hot = await load(ours, files.hot);
    const heapHot = await inspector.heap();
    // First visits: whole workerd CPU per request, no profiler (its interval stretches under load).
    const mixed = await load(ours, files.mixed);
    result.workerd = {
      hot,
      heapHotMiB: heapHot.usedMiB,
      mixed,
      hits: await load(ours, files.hits),
      misses: await load(ours, files.misses),
      rssBeforeMiB: rssBefore,
      rssAfterMiB: rssMiB(ours.pids),
      heapBeforeMiB: heapBefore.usedMiB,
      heapAfterMiB: (await inspector.heap()).usedMiB,
      heapRetainedMiB: await inspector.retainedHeap(),
    };
    inspector.close();
  } finally {
    await ours.stop();
  }

  log(`[${name}] bundle in workerd: the Zipf load on a fresh isolate`);
  const fresh = await startWorkerd({ ...bundle, inspector: true });
  try {
    const inspector = await fresh.inspect();
    const zipfLoad = await inspector.profile(() => load(fresh, files.zipf));
    result.zipf = {
      ...zipfLoad.value,
      ownUsPerRequest: (zipfLoad.ownMs * 1000) / zipfLoad.value.requests,
      heapAfterMiB: (await inspector.heap()).usedMiB,
    };
    inspector.close();
  } finally {
    await fresh.stop();
  }

  log(`[${name}] one ASSETS read per request (the read floor's cost), beside the floor worker`);
  result.assetsRead = {};
  for (const [kind, script] of [
    ["floor", FLOOR_SCRIPT],
    ["read", readScript(result.shards.count)],
  ]) {
    const server = await startWorkerd({ script, assetsDir: bundle.assetsDir, compatibilityDate });
    try {
      result.assetsRead[kind] = await load(server, files.mixed);
    } finally {
      await server.stop();
    }
  }

  /** The hot set after a warm-up pass, then the mixed and hits-only loads. */
  const threeLoads = async (server) => {
    await warm(server.url, requests.slice(0, HOT_PATHS));
    return {
      hot: await load(server, files.hot),
      mixed: await load(server, files.mixed),
      hits: await load(server, files.hits),
    };
  };

  log(`[${name}] minimal Map-lookup worker and floor in workerd`);
  const minimalDir = join(dir, "minimal-assets");
  result.minimalJsonBytes = await writeMinimalAssets(minimalDir, links, result.redirectHeaders);
  const minimal = await startWorkerd({
    scriptPath: MINIMAL_WORKER,
    assetsDir: minimalDir,
    compatibilityDate,
    inspector: true,
  });
  try {
    result.minimalFirst = await firstRequest(minimal, requests[0]);
    result.sanity.minimal = await sanity(minimal.url, requests);
    result.minimal = {
      ...(await threeLoads(minimal)),
      rssAfterMiB: rssMiB(minimal.pids),
      heapAfterMiB: await heapOf(minimal),
    };
  } finally {
    await minimal.stop();
  }
  const floor = await startWorkerd({
    script: FLOOR_SCRIPT,
    assetsDir: minimalDir,
    compatibilityDate,
  });
  try {
    result.floor = { mixed: await load(floor, files.mixed), rssAfterMiB: rssMiB(floor.pids) };
  } finally {
    await floor.stop();
  }

  log(
    `[${name}] hot path: the bundle and the minimal worker, ${opts.hotRounds} rounds interleaved`,
  );
  result.hotPair = pairSummary(
    await interleavedLoads({
      workers: {
        a: bundle,
        b: { scriptPath: MINIMAL_WORKER, assetsDir: minimalDir, compatibilityDate },
      },
      hotPaths: requests.slice(0, HOT_PATHS).map((r) => r.path),
      pathsFile: files.hot,
      rounds: opts.hotRounds,
      seconds: opts.seconds,
      log: (line) => log(`[${name}] ${line}`),
    }),
  );

  log(`[${name}] the same two with our redirect's response headers`);
  const minimalHeaders = await startWorkerd({
    script: await minimalWithHeadersScript(),
    assetsDir: minimalDir,
    compatibilityDate,
  });
  try {
    result.sanity.minimalHeaders = await sanity(minimalHeaders.url, requests);
    result.minimalHeaders = await threeLoads(minimalHeaders);
  } finally {
    await minimalHeaders.stop();
  }
  const floorHeaders = await startWorkerd({
    script: floorScriptWith(result.redirectHeaders),
    assetsDir: minimalDir,
    compatibilityDate,
  });
  try {
    result.floorHeaders = { mixed: await load(floorHeaders, files.mixed) };
  } finally {
    await floorHeaders.stop();
  }

  log(`[${name}] nginx map`);
  const nginx = await startNginx({ prefix: join(dir, "nginx"), links });
  try {
    const pids = processTree(nginx.pid);
    result.sanity.nginx = await sanity(nginx.url, requests);
    result.nginx = {
      loadMs: nginx.loadMs,
      rssMiB: rssMiB(pids),
      mixed: await load({ url: nginx.url, pids }, files.mixed),
      hits: await load({ url: nginx.url, pids }, files.hits),
    };
  } finally {
    await nginx.stop();
  }

  log(`[${name}] bundle under Node`);
  result.node = await runNodeBench({
    script: bundle.scriptPath,
    assetsDir: bundle.assetsDir,
    pathsFile: files.mixed,
    requests: opts.nodeRequests,
    stubModule: opts.stubModule,
  });
  mark();
  await writeFile(join(dir, "result.json"), JSON.stringify(result, null, 2));
  return result;
}

async function writePathFiles(dir, requests, zipf) {
  const write = async (file, list) => {
    await writeFile(join(dir, file), list.map((r) => r.path).join("\n") + "\n");
    return join(dir, file);
  };
  return {
    mixed: await write("paths-mixed.txt", requests),
    hits: await write(
      "paths-hits.txt",
      requests.filter((r) => r.location),
    ),
    misses: await write(
      "paths-misses.txt",
      requests.filter((r) => !r.location),
    ),
    hot: await write("paths-hot.txt", requests.slice(0, HOT_PATHS)),
    zipf: await write("paths-zipf.txt", zipf),
  };
}

/**
 * A fresh workerd, then its first request and a second one (another shard): wall time, workerd
 * process CPU, and (unless `profile` is false) the isolate's own busy time from a CPU profile.
 */
export async function coldStart(worker, first, second, { profile = true } = {}) {
  const server = await startWorkerd({ ...worker, inspector: profile });
  try {
    const rssReady = rssMiB(server.pids);
    const inspector = profile ? await server.inspect() : undefined;
    const measure = async (request) => {
      if (!inspector) return firstRequest(server, request);
      const p = await inspector.profile(() => firstRequest(server, request));
      return { ...p.value, isolateMs: p.busyMs, ownMs: p.ownMs, top: p.top };
    };
    const a = await measure(first);
    const b = await measure(second);
    const heapMiB = inspector ? (await inspector.heap()).usedMiB : undefined;
    inspector?.close();
    return {
      readyMs: server.readyMs,
      rssReadyMiB: rssReady,
      first: a,
      second: b,
      heapMiB,
      rssAfterMiB: rssMiB(server.pids),
    };
  } finally {
    await server.stop();
  }
}

async function heapOf(server) {
  const inspector = await server.inspect();
  try {
    return (await inspector.heap()).usedMiB;
  } finally {
    inspector.close();
  }
}

async function firstRequest(server, request) {
  const cpu = cpuNs(server.pids);
  const started = performance.now();
  const response = await fetch(server.url + request.path, { redirect: "manual" });
  await response.arrayBuffer();
  return {
    status: response.status,
    ms: performance.now() - started,
    cpuMs: (cpuNs(server.pids) - cpu) / 1e6,
  };
}

/** The response headers our bundle sends with a redirect (all but Location, Date, Content-Length). */
async function redirectHeaders(url, requests) {
  const hit = requests.find((r) => r.location);
  const response = await fetch(url + hit.path, { redirect: "manual" });
  await response.arrayBuffer();
  const skip = new Set(["location", "date", "content-length"]);
  return Object.fromEntries([...response.headers].filter(([name]) => !skip.has(name)));
}

/** Requests every path once, in sequence, so the load after it meets a warm isolate. */
async function warm(url, requests) {
  for (const r of requests) await (await fetch(url + r.path, { redirect: "manual" })).arrayBuffer();
}

/** The server answers the first requests as expected (Location, or none for misses). */
async function sanity(url, requests) {
  let wrong = 0;
  for (const r of requests.slice(0, SANITY_REQUESTS)) {
    const response = await fetch(url + r.path, { redirect: "manual" });
    await response.arrayBuffer();
    const location = response.headers.get("location");
    const ok = r.location
      ? response.status >= 300 && response.status < 400 && location === r.location
      : response.status === 404;
    if (!ok) wrong++;
  }
  return { checked: Math.min(SANITY_REQUESTS, requests.length), wrong };
}

/**
 * Finding one record in the largest shard as the runtime does (`findInShard`: one string search,
 * one record parsed), against JSON.parse of the whole text; medians of 25 runs, in µs.
 */
async function shardLookupUs(assetsDir, stats, { findInShard }) {
  const dir = join(assetsDir, "links-shards");
  let largest = "";
  for (const name of await readdir(dir))
    if (name.endsWith(".jsonl") && (await stat(join(dir, name))).size === stats.maxBytes)
      largest = name;
  const text = await readFile(join(dir, largest), "utf8");
  const lines = text.split("\n").slice(1, -1);
  const last = JSON.parse(lines[lines.length - 1]);
  const median = (work) => {
    const times = [];
    for (let i = 0; i < 25; i++) {
      const t = performance.now();
      work();
      times.push((performance.now() - t) * 1000);
    }
    return times.sort((a, b) => a - b)[12];
  };
  return {
    findOne: median(() => findInShard(text, last.kind, last.key)),
    parseAll: median(() => lines.map((line) => JSON.parse(line))),
  };
}
