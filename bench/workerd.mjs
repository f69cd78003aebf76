/**
 * A worker with its assets in workerd (through miniflare) on 127.0.0.1, the worker running
 * before assets for every path, as `dist/wrangler.json` deploys it. Requests go to a direct
 * socket (assets router -> worker), skipping miniflare's development entry worker, which alone
 * costs about 200 µs of CPU per request. Exposes the workerd process ids so the benchmark can
 * read their CPU time and memory.
 */
import { Miniflare } from "miniflare";
import { connectInspector } from "./inspector.mjs";
import { commOf, freePort, processTree } from "./proc.mjs";

export const COMPATIBILITY_DATE = "2025-06-01";

/** A worker that answers every request with the same redirect: the floor of this harness. */
export const FLOOR_SCRIPT =
  'export default { fetch() { return new Response(null, { status: 302, headers: { location: "https://example.com/" } }); } };';

/** The floor worker sending `headers` (lower-case names) beside its Location. */
export function floorScriptWith(headers) {
  const all = JSON.stringify({ ...headers, location: "https://example.com/" });
  return `const HEADERS = ${all};\nexport default { fetch() { return new Response(null, { status: 302, headers: HEADERS }); } };`;
}

/**
 * A worker that, once per isolate, reads the files our first request reads (manifest, site
 * config, blocklist, the registry's filter, shard 0) through ASSETS, then redirects: the cold cost
 * of that I/O alone.
 */
export const FLOOR_ASSETS_SCRIPT = `let loaded;
const read = (env, path, as) => env.ASSETS.fetch("https://assets.invalid" + path).then((r) => r[as]());
export default {
  async fetch(request, env) {
    loaded ??= Promise.all([
      read(env, "/links.json", "json"),
      read(env, "/links-site-config.json", "json"),
      read(env, "/links-blocklist.json", "json"),
      read(env, "/links-shards/filter.bin", "arrayBuffer"),
      read(env, "/links-shards/0.jsonl", "text"),
    ]);
    await loaded;
    return new Response(null, { status: 302, headers: { location: "https://example.com/" } });
  },
};`;

/**
 * A worker that reads one shard of `shardCount`, at random, through ASSETS on every request (as
 * text, as our first visits do), then answers the floor's redirect: beside the floor worker, what
 * one subrequest costs workerd and the isolate.
 */
export function readScript(shardCount) {
  return `export default {
  async fetch(request, env) {
    const shard = Math.floor(Math.random() * ${shardCount});
    const response = await env.ASSETS.fetch(new Request("https://assets.invalid/links-shards/" + shard + ".jsonl"));
    await response.text();
    return new Response(null, { status: 302, headers: { location: "https://example.com/" } });
  },
};`;
}

/**
 * Starts `scriptPath` (or inline `script`) with `assetsDir` bound as ASSETS; returns
 * { url, pids, readyMs, inspect, stop }; `inspect()` connects to the isolate when `inspector` is set.
 */
export async function startWorkerd({
  scriptPath,
  script,
  assetsDir,
  compatibilityDate = COMPATIBILITY_DATE,
  inspector = false,
}) {
  const before = new Set(workerdPids());
  const port = await freePort();
  const started = performance.now();
  const mf = new Miniflare({
    modules: true,
    ...(script ? { script } : { scriptPath }),
    compatibilityDate,
    host: "127.0.0.1",
    port,
    ...(inspector ? { inspectorPort: await freePort() } : {}),
    unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
    assets: {
      directory: assetsDir,
      binding: "ASSETS",
      routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
    },
  });
  try {
    await mf.ready;
    const url = await mf.unsafeGetDirectURL();
    const readyMs = performance.now() - started;
    const pids = workerdPids().filter((pid) => !before.has(pid));
    const inspect = async () => connectInspector(await mf.getInspectorURL());
    return { url: url.origin, pids, readyMs, inspect, stop: () => mf.dispose() };
  } catch (error) {
    await mf.dispose();
    throw error;
  }
}

/** workerd processes below this Node process. */
function workerdPids() {
  return processTree(process.pid).filter((pid) => commOf(pid) === "workerd");
}
