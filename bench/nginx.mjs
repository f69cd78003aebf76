/**
 * nginx with a `map` of the same links, in a temporary prefix folder on 127.0.0.1: exact links in
 * one `map $uri`, each splat link as a `^~` prefix location with one rewrite. Started and stopped
 * by the benchmark; `startNginx` resolves once it answers, so its wall time is the config load.
 */
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { redirects } from "./generate.mjs";
import { freePort, waitForHttp } from "./proc.mjs";

const TEMPLATE = join(dirname(fileURLToPath(import.meta.url)), "nginx.conf.template");
export const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";

/** Writes nginx.conf, links.map and splats.conf into `prefix`. */
export async function renderNginx({ prefix, port, links, workers = "auto" }) {
  await mkdir(join(prefix, "tmp"), { recursive: true });
  const exact = links.filter((l) => l.kind === "exact" && redirects(l));
  await writeLines(
    join(prefix, "links.map"),
    exact.map((l) => `/${l.key} "${l.target}";`),
  );
  await writeLines(
    join(prefix, "splats.conf"),
    links
      .filter((l) => l.kind === "splat")
      .map((l) => {
        const target = l.target.includes(":splat")
          ? l.target.replace(":splat", "$1")
          : `${l.target}$1`;
        return `location ^~ /${l.key}/ { rewrite ^/${l.key}/(.*)$ ${target} redirect; }`;
      }),
  );
  const values = {
    prefix,
    port: String(port),
    workers: String(workers),
    // A hash at least twice the entries keeps nginx from refusing to start on large maps.
    map_hash_max_size: String(Math.max(2048, 2 ** Math.ceil(Math.log2(exact.length * 2)))),
  };
  const template = await readFile(TEMPLATE, "utf8");
  await writeFile(
    join(prefix, "nginx.conf"),
    template.replace(/\{\{(\w+)\}\}/g, (_, k) => values[k]),
  );
}

function writeLines(file, lines) {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file);
    out.on("error", reject);
    for (const line of lines) out.write(line + "\n");
    out.end(resolve);
  });
}

/** Starts nginx on a free 127.0.0.1 port; returns { url, pid, loadMs, stop }. */
export async function startNginx({ prefix, links }) {
  const port = await freePort();
  await renderNginx({ prefix, port, links });
  const started = performance.now();
  const child = spawn(
    NGINX,
    ["-p", prefix, "-c", join(prefix, "nginx.conf"), "-e", join(prefix, "error.log")],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  try {
    await Promise.race([
      waitForHttp(url + "/", { timeoutMs: 180_000 }),
      exited.then((code) => Promise.reject(new Error(`nginx exited (${code}): ${stderr.trim()}`))),
    ]);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  const loadMs = performance.now() - started;
  return {
    url,
    pid: child.pid,
    loadMs,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
