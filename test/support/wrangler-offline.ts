/**
 * `wrangler deploy --dry-run`, offline and without an account: wrangler runs with a throwaway
 * HOME, no telemetry, no banner (its update check), and every HTTP(S) request it might make
 * pointed at a recording proxy on 127.0.0.1, whose `attempts` a test expects to stay empty.
 */
import { execFile } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface DryRun {
  code: number;
  output: string;
  outdir: string;
}

export interface OfflineWrangler {
  /** Runs `node WRANGLER deploy --dry-run --outdir OUT --config CONFIG`. */
  dryRun(wrangler: string, config: string): Promise<DryRun>;
  /** Every request or CONNECT the proxy saw: none, when wrangler stayed offline. */
  attempts: string[];
  close(): Promise<void>;
}

export async function offlineWrangler(): Promise<OfflineWrangler> {
  const attempts: string[] = [];
  const proxy = createServer((req, res) => {
    attempts.push(`${req.method} ${req.url}`);
    res.writeHead(403).end();
  });
  proxy.on("connect", (req, socket) => {
    attempts.push(`CONNECT ${req.url}`);
    socket.destroy();
  });
  await new Promise<void>((done) => proxy.listen(0, "127.0.0.1", done));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  async function dryRun(wrangler: string, config: string): Promise<DryRun> {
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
        [wrangler, "deploy", "--dry-run", "--outdir", outdir, "--config", config],
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

  async function close(): Promise<void> {
    proxy.closeAllConnections();
    await new Promise((done) => proxy.close(done));
  }

  return { dryRun, attempts, close };
}
