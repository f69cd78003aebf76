/**
 * `shortlinks serve [--port 8787] [--host 127.0.0.1] [--watch] [--out DIR] [--root DIR]`:
 * the built bundle answering locally in workerd (lib/engines/serve/, docs/serve.md). Builds first when the
 * output folder holds no bundle; with --watch rebuilds and reloads when custom/ changes.
 */
import { InvalidArgumentError, type Command } from "commander";
import { join, resolve } from "node:path";
import { buildInstance } from "../engines/build/build.js";
import { formatDiagnostic, hasErrors } from "../shared/diagnostics.js";
import { displayPath } from "../shared/fs/display-path.js";
import { writeProblem } from "../shared/fs/write-target.js";
import { hasBundle } from "../engines/serve/bundle-config.js";
import { runServe, type BuildFn } from "../engines/serve/run-serve.js";
import { parseHost, parseRoot } from "./arguments.js";
import { refuseMisshapen } from "./misshapen.js";
import { countLine, printDiagnostics, type CommandContext, type Io } from "./context.js";
import { OUT_DIR } from "../shared/paths.js";
import { EXIT_USAGE } from "../shared/exit-codes.js";

interface ServeOptions {
  root: string;
  out?: string;
  host: string;
  port: number;
  watch: boolean;
  domain?: string;
}

export function registerServe(program: Command, ctx: CommandContext): void {
  program
    .command("serve")
    .description(
      "run the built bundle locally in workerd (builds first when the output folder is empty)",
    )
    .option("--root <dir>", "instance folder", parseRoot, ".")
    .option("--out <dir>", "bundle folder (default ROOT/dist)")
    .option("--host <host>", "address to listen on", parseHost, "127.0.0.1")
    .option("--port <port>", "port to listen on (0 picks a free one)", parsePort, 8787)
    .option("--watch", "rebuild and reload when custom/ changes", false)
    .option("--domain <host>", "answer as this host of the instance (default: its default host)")
    .action(async (opts: ServeOptions) => {
      if (await refuseMisshapen(ctx, resolve(opts.root))) return;
      const out = resolve(opts.out ?? join(opts.root, OUT_DIR));
      const refused = hasBundle(out)
        ? undefined
        : await writeProblem(resolve(opts.root), out, { kind: "bundle" });
      if (refused) {
        ctx.io.err(formatDiagnostic(refused));
        ctx.exitCode = EXIT_USAGE;
        return;
      }
      ctx.exitCode = await runServe({ ...opts, build: buildQuietly(ctx.io), io: ctx.io });
    });
}

/** The build command's work, in process: diagnostics printed, true when the bundle was written. */
export function buildQuietly(io: Io): BuildFn {
  return async ({ root, out }) => {
    const result = await buildInstance({ root, outDir: out });
    printDiagnostics(io, result.diagnostics);
    const ok = result.wrote && !hasErrors(result.diagnostics);
    io.out(
      ok
        ? `built ${result.summary.links} links -> ${displayPath(out)}`
        : `build failed: ${countLine(result.diagnostics)}`,
    );
    return ok;
  };
}

export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535)
    throw new InvalidArgumentError("expected a port number from 0 to 65535");
  return port;
}
