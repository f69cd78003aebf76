/**
 * What `shortlinks serve` does: build first when the output folder holds no bundle, serve it,
 * and stop cleanly on SIGINT or SIGTERM. Returns the exit code; never calls process.exit.
 */
import { join, resolve } from "node:path";
import { formatDiagnostic } from "../../shared/diagnostics.js";
import { ensureAddressFree } from "./address.js";
import { hasBundle } from "./bundle-config.js";
import { ServeProblem } from "./problems.js";
import { serveBundle, type ServeHandle } from "./serve-bundle.js";
import { OUT_DIR } from "../../shared/paths.js";
import { EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE } from "../../shared/exit-codes.js";

/** Builds `root` into `out`; resolves true when the build succeeded (its own output is printed). */
export type BuildFn = (options: { root: string; out: string }) => Promise<boolean>;

export interface RunServeOptions {
  root: string;
  /** Default `ROOT/dist`. */
  out?: string;
  host?: string;
  port?: number;
  watch?: boolean;
  /** The host to answer as (docs/domains.md). */
  domain?: string;
  build: BuildFn;
  /** Where lines go (stdout-like and stderr-like); the console by default. */
  io?: { out(line: string): void; err(line: string): void };
  /** Resolves when the server should stop; SIGINT/SIGTERM by default. */
  until?: (handle: ServeHandle) => Promise<unknown>;
}

export async function runServe(options: RunServeOptions): Promise<number> {
  const io = options.io ?? {
    out: (line: string) => console.log(line),
    err: (line: string) => console.error(line),
  };
  const log = io.out;
  const root = resolve(options.root);
  const out = resolve(options.out ?? join(root, OUT_DIR));
  const { build } = options;
  const host = options.host ?? "127.0.0.1";
  const port = options.port ?? 8787;
  try {
    await ensureAddressFree(host, port);
    if (!hasBundle(out)) {
      log(`shortlinks serve: no bundle in ${out}, building first`);
      if (!(await build({ root, out }))) return EXIT_PROBLEMS;
    }
    const handle = await serveBundle({
      outDir: out,
      root,
      host,
      port,
      log,
      warn: io.err,
      domain: options.domain,
      watch: options.watch
        ? {
            root,
            rebuild: async () => {
              if (!(await build({ root, out })))
                throw new Error("the build reported problems (see above)");
            },
          }
        : undefined,
    });
    log("Press Ctrl+C to stop.");
    const reason = await (options.until ?? untilStopSignal)(handle);
    if (typeof reason === "string") log(`shortlinks serve: ${reason}, stopping`);
    await handle.close();
    log("shortlinks serve: stopped");
    return EXIT_OK;
  } catch (error) {
    if (error instanceof ServeProblem) {
      io.err(formatDiagnostic(error.diagnostic));
      return error.usage ? EXIT_USAGE : EXIT_PROBLEMS;
    }
    throw error;
  }
}

const STOP_SIGNALS: NodeJS.Signals[] = ["SIGINT", "SIGTERM"];

/**
 * Resolves on the first SIGINT or SIGTERM, for an orderly stop (workerd disposed, exit 0).
 * Meanwhile it holds back the other listeners of those signals (miniflare's exit hook would exit
 * at once with 130/143); they come back on the first signal, so a second Ctrl+C stops immediately.
 */
export function untilStopSignal(): Promise<NodeJS.Signals> {
  return new Promise((done) => {
    const held = new Map(STOP_SIGNALS.map((signal) => [signal, process.listeners(signal)]));
    const stop = (signal: NodeJS.Signals) => {
      for (const [name, listeners] of held) {
        process.off(name, stop);
        listeners.forEach((listener) => process.on(name, listener as NodeJS.SignalsListener));
      }
      done(signal);
    };
    for (const [name, listeners] of held) {
      listeners.forEach((listener) => process.off(name, listener as NodeJS.SignalsListener));
      process.on(name, stop);
    }
  });
}
