// `wrangler deploy --dry-run` on the built dist/, offline and without an account: what Cloudflare's
// own tool accepts passes, a configuration it would refuse fails here first. Wrangler runs with a
// throwaway HOME, no telemetry, no banner (its update check), and every HTTP(S) request it might
// make pointed at a recording proxy on 127.0.0.1 that must see none.
import { execFile } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildInstance, CASE_INSTANCE, REPO } from "./support/build-instance.js";

const WRANGLER = join(REPO, "node_modules/wrangler/bin/wrangler.js");

let dist: string;
let proxy: Server;
let proxyUrl: string;
const networkAttempts: string[] = [];

beforeAll(async () => {
  ({ out: dist } = await buildInstance(CASE_INSTANCE));
  proxy = createServer((req, res) => {
    networkAttempts.push(`${req.method} ${req.url}`);
    res.writeHead(403).end();
  });
  proxy.on("connect", (req, socket) => {
    networkAttempts.push(`CONNECT ${req.url}`);
    socket.destroy();
  });
  await new Promise<void>((done) => proxy.listen(0, "127.0.0.1", done));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((done) => proxy?.close(done));
});

interface DryRun {
  code: number;
  output: string;
  outdir: string;
}

async function dryRun(config: string): Promise<DryRun> {
  const home = await mkdtemp(join(tmpdir(), "shortlinks-wrangler-home-"));
  const outdir = join(home, "out");
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: home,
    XDG_CONFIG_HOME: join(home, ".config"),
    CI: "true",
    WRANGLER_SEND_METRICS: "false",
    WRANGLER_HIDE_BANNER: "true",
    NO_COLOR: "1",
    HTTP_PROXY: proxyUrl,
    HTTPS_PROXY: proxyUrl,
    NO_PROXY: "",
  };
  return new Promise((done) => {
    execFile(
      process.execPath,
      [WRANGLER, "deploy", "--dry-run", "--outdir", outdir, "--config", config],
      { env, cwd: home, timeout: 60_000 },
      (error, stdout, stderr) =>
        done({
          code: error ? (typeof error.code === "number" ? error.code : 1) : 0,
          output: stdout + stderr,
          outdir,
        }),
    );
  });
}

/** A copy of the built dist/ with its wrangler.json changed by `edit`. */
async function brokenCopy(edit: (config: Record<string, unknown>) => void): Promise<string> {
  const copy = await mkdtemp(join(tmpdir(), "shortlinks-broken-dist-"));
  await cp(dist, copy, { recursive: true });
  const file = join(copy, "wrangler.json");
  const config = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
  edit(config);
  await writeFile(file, JSON.stringify(config, null, 2));
  return file;
}

describe.concurrent("wrangler deploy --dry-run", () => {
  it("accepts the built dist/ offline: exit 0, the assets binding, no network", async () => {
    const run = await dryRun(join(dist, "wrangler.json"));
    expect(run.output).toContain("--dry-run: exiting now");
    expect(run.code).toBe(0);
    expect(run.output).toMatch(/env\.ASSETS\s+Assets/);
    expect(networkAttempts).toEqual([]);
  });

  it("uploads the worker alone as code: no asset is attached as an extra worker module", async () => {
    const run = await dryRun(join(dist, "wrangler.json"));
    expect(run.code).toBe(0);
    expect(run.output).not.toContain("Attaching additional modules");
    expect((await readdir(run.outdir)).filter((f) => f !== "README.md")).toHaveLength(1);
  });

  it.each<[string, (config: Record<string, unknown>) => void]>([
    ["a worker name Cloudflare refuses", (c) => void (c.name = "Case Table_Links!")],
    ["an entry point that does not exist", (c) => void (c.main = "missing.js")],
    ["a variable that shadows the ASSETS binding", (c) => void (c.vars = { ASSETS: "x" })],
    [
      "an assets folder that does not exist",
      (c) => void ((c.assets as Record<string, unknown>).directory = "./missing"),
    ],
    [
      "run_worker_first of the wrong type",
      (c) => void ((c.assets as Record<string, unknown>).run_worker_first = "yes"),
    ],
  ])("refuses %s", async (_name, edit) => {
    const run = await dryRun(await brokenCopy(edit));
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/ERROR/);
    expect(networkAttempts).toEqual([]);
  });
});
