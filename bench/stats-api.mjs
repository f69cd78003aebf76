/**
 * The stats API of one instance size in workerd, behind Access (a key pair made here, its JWKS
 * answered by the outbound handler): for each call, five fresh isolates that have answered a
 * redirect and the stats page (runtime files and Access keys loaded, stats index not yet), each
 * running the call under the CPU profiler, then the same call again five times. The reads are
 * counted in one more such isolate, behind a thin wrapper module that counts the private files a
 * call reads through ASSETS and their bytes (not profiled, so its own work is not in the CPU).
 */
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { join } from "node:path";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { Miniflare } from "miniflare";
import { runBuild } from "./build-bench.mjs";
import { makeLinks, writeInstance } from "./generate.mjs";
import { connectInspector } from "./inspector.mjs";
import { freePort } from "./proc.mjs";

const TEAM = "https://bench-stats.cloudflareaccess.com";
const AUD = "bench-stats-aud";
const WARM_REPEATS = 5;
const COLD_ISOLATES = 5;

/** Counts every ASSETS read of a request and reports it in response headers. */
const WRAPPER = `import worker from "./worker.js";
const counted = { paths: [], bytes: 0 };
let assets;
const counting = (binding) => ({
  async fetch(request) {
    const response = await binding.fetch(request);
    counted.paths.push(new URL(request.url).pathname);
    const length = response.headers.get("content-length");
    counted.bytes += length === null ? (await response.clone().arrayBuffer()).byteLength : Number(length);
    return response;
  },
});
export default {
  async fetch(request, env, ctx) {
    assets ??= counting(env.ASSETS);
    counted.paths = [];
    counted.bytes = 0;
    const response = await worker.fetch(request, { ...env, ASSETS: assets }, ctx);
    const headers = new Headers(response.headers);
    headers.set("x-bench-reads", counted.paths.join(" "));
    headers.set("x-bench-read-bytes", String(counted.bytes));
    return new Response(response.body, { status: response.status, headers });
  },
};
`;

async function accessKeys() {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "bench", alg: "RS256", use: "sig" };
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ sub: "bench", email: "bench@example.com", type: "app" })
    .setProtectedHeader({ alg: "RS256", kid: "bench", typ: "JWT" })
    .setIssuer(TEAM)
    .setAudience(AUD)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + 3600)
    .sign(privateKey);
  return { token, jwks: { keys: [jwk] } };
}

/** The cursor the API writes (runtime/stats/cursor.ts): where a slice starts, and the total. */
const cursorFor = (from, total) =>
  Buffer.from(JSON.stringify([from, total]), "utf8").toString("base64url");

/** The calls measured at every size, from the generated links. */
export function statsCalls(links) {
  const keys = links
    .map((l) => (l.kind === "splat" ? (l.key === "" ? "*" : `${l.key}/*`) : l.key))
    .sort();
  const last = keys[Math.max(0, keys.length - 200)];
  return [
    ["first page", "/en/_stats/api/links.json"],
    ["prefix search", "/en/_stats/api/links.json?prefix=docs/2019/"],
    ["filter (state=paused, a copied listing)", "/en/_stats/api/links.json?state=paused"],
    ["filter (state=active, read out of all)", "/en/_stats/api/links.json?state=active"],
    ["filter with prefix (owner=eng, prefix=k)", "/en/_stats/api/links.json?owner=eng&prefix=k"],
    ["last page", `/en/_stats/api/links.json?cursor=${cursorFor(`all ${last}`, keys.length)}`],
    ["schedule starts from now", "/en/_stats/api/events.json?type=start"],
    ["summary", "/en/_stats/api/summary.json"],
  ];
}

/** A free port can be taken by another process before workerd binds it: a few tries. */
async function start(dist, keys, options) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(dist, keys, options);
    } catch (error) {
      if (error?.code !== "ERR_ADDRESS_IN_USE" || attempt === 3) throw error;
    }
  }
}

/** The bundle in workerd; `counting`: behind the wrapper that counts reads (not profiled). */
async function startOnce(dist, keys, { counting }) {
  const wrangler = JSON.parse(await readFile(join(dist, "wrangler.json"), "utf8"));
  const wrapper = join(dist, "worker", "bench-stats-wrapper.mjs");
  if (counting) await writeFile(wrapper, WRAPPER);
  const bundle = { type: "ESModule", path: join(dist, wrangler.main) };
  const mf = new Miniflare({
    modules: counting ? [{ type: "ESModule", path: wrapper }, bundle] : [bundle],
    modulesRoot: join(dist, "worker"),
    compatibilityDate: wrangler.compatibility_date,
    host: "127.0.0.1",
    port: 0,
    inspectorPort: await freePort(),
    unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
    bindings: { ACCESS_TEAM_DOMAIN: TEAM, ACCESS_AUD: AUD },
    outboundService: (request) =>
      new URL(request.url).pathname === "/cdn-cgi/access/certs"
        ? Response.json(keys.jwks)
        : new Response("refused", { status: 502 }),
    assets: {
      directory: join(dist, wrangler.assets.directory),
      binding: "ASSETS",
      routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
    },
  });
  await mf.ready;
  const url = (await mf.unsafeGetDirectURL()).origin;
  const inspector = await connectInspector(await mf.getInspectorURL());
  return { url, inspector, stop: async () => (inspector.close(), await mf.dispose()) };
}

async function call(url, path, token) {
  const response = await fetch(url + path, { headers: { "cf-access-jwt-assertion": token } });
  const body = await response.arrayBuffer();
  const reads = (response.headers.get("x-bench-reads") ?? "").split(" ").filter(Boolean);
  let total = null;
  if (response.headers.get("content-type")?.startsWith("application/json"))
    total = JSON.parse(Buffer.from(body).toString("utf8")).total ?? null;
  return {
    status: response.status,
    reads: reads.length,
    paths: reads,
    readBytes: Number(response.headers.get("x-bench-read-bytes")),
    responseBytes: body.byteLength,
    total,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

/** A fresh isolate that has answered a redirect and the stats page (Access keys fetched). */
async function freshIsolate(dist, keys, options) {
  const server = await start(dist, keys, options);
  await call(server.url, "/", keys.token);
  const page = await call(server.url, "/en/_stats/", keys.token);
  if (page.status !== 200) {
    await server.stop();
    throw new Error(`stats page answered ${page.status}`);
  }
  return server;
}

/** The bundle alone, profiled: the call once (stats files not read yet), then WARM_REPEATS times. */
async function measureOnce(dist, keys, path) {
  const server = await freshIsolate(dist, keys, { counting: false });
  try {
    const cold = await server.inspector.profile(() => call(server.url, path, keys.token));
    const warm = [];
    for (let i = 0; i < WARM_REPEATS; i++)
      warm.push(await server.inspector.profile(() => call(server.url, path, keys.token)));
    return { cold, warm };
  } finally {
    await server.stop();
  }
}

/** Behind the counting wrapper, not profiled: what the first call and a repeat read. */
async function countReads(dist, keys, path) {
  const server = await freshIsolate(dist, keys, { counting: true });
  try {
    return {
      first: await call(server.url, path, keys.token),
      again: await call(server.url, path, keys.token),
    };
  } finally {
    await server.stop();
  }
}

/**
 * The call in COLD_ISOLATES fresh isolates: the median first-call CPU (a profile without a single
 * sample, which the profiler sometimes returns, is left out), reads and bytes of the first call,
 * and the median of the repeats.
 */
async function measure(dist, keys, path) {
  const runs = [];
  for (let i = 0; i < COLD_ISOLATES; i++) runs.push(await measureOnce(dist, keys, path));
  const sampled = runs.map((r) => r.cold).filter((c) => c.ownMs > 0);
  const warm = runs.flatMap((r) => r.warm).filter((w) => w.ownMs > 0);
  const reads = await countReads(dist, keys, path);
  return {
    ...reads.first,
    ownMs: median(sampled.map((c) => c.ownMs)),
    ownMsRuns: runs.map((r) => Number(r.cold.ownMs.toFixed(2))),
    busyMs: median(sampled.map((c) => c.busyMs)),
    top: runs[0].cold.top,
    warmOwnMs: median(warm.map((w) => w.ownMs)),
    warmReads: reads.again.reads,
  };
}

/** Sizes of the stats files of a built instance. */
async function statsFiles(assetsDir) {
  const dir = join(assetsDir, "links-stats");
  const names = await readdir(dir);
  const sizes = await Promise.all(names.map(async (n) => (await stat(join(dir, n))).size));
  const pages = names.filter((n) => n !== "index.json");
  return {
    pages: pages.length,
    indexBytes: sizes[names.indexOf("index.json")],
    maxPageBytes: Math.max(...sizes.filter((_, i) => names[i] !== "index.json")),
    allFiles: (await readdir(assetsDir, { recursive: true })).length,
  };
}

/** One size: generate, build, measure every call. `opts`: { name, size, work, cli, log }. */
export async function runStatsSize({ name, size, work, cli, log }) {
  const dir = join(work, `stats-${name}`);
  const result = { name, size, loadavg: [Number(loadavg()[0].toFixed(2))] };
  log(`[${name}] generating ${size} links`);
  const links = makeLinks(size);
  await writeInstance(join(dir, "instance"), links, { name });
  const dist = join(dir, "dist");
  await rm(dist, { recursive: true, force: true });
  log(`[${name}] building`);
  result.build = await runBuild({ cli, root: join(dir, "instance"), out: dist });
  if (!result.build.ok) throw new Error(`[${name}] build failed: ${result.build.error}`);
  result.files = await statsFiles(join(dist, "assets"));
  const keys = await accessKeys();
  result.calls = [];
  for (const [label, path] of statsCalls(links)) {
    log(`[${name}] ${label}`);
    result.calls.push({ label, path, ...(await measure(dist, keys, path)) });
  }
  result.loadavg.push(Number(loadavg()[0].toFixed(2)));
  await writeFile(join(dir, "result.json"), JSON.stringify(result, null, 2));
  return result;
}
