/**
 * `shortlinks serve [--port 8787] [--host 127.0.0.1] [--watch] [--out DIR] [--root DIR]`:
 * the built bundle answering locally in workerd (lib/serve/, docs/serve.md). Builds first when the
 * output folder holds no bundle; with --watch rebuilds and reloads when custom/ changes.
 */
import { InvalidArgumentError, type Command } from "commander";
import { buildInstance } from "../build.js";
import { hasErrors } from "../diagnostics.js";
import { runServe, type BuildFn } from "../serve/index.js";
import { countLine, printDiagnostics, type CommandContext, type Io } from "./context.js";

export function registerServe(program: Command, ctx: CommandContext): void {
  program
    .command("serve")
    .description(
      "run the built bundle locally in workerd (builds first when the output folder is empty)",
    )
    .option("--root <dir>", "instance folder", ".")
    .option("--out <dir>", "bundle folder (default ROOT/dist)")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--port <port>", "port to listen on (0 picks a free one)", parsePort, 8787)
    .option("--watch", "rebuild and reload when custom/ changes", false)
    .action(
      async (opts: { root: string; out?: string; host: string; port: number; watch: boolean }) => {
        ctx.exitCode = await runServe({ ...opts, build: buildQuietly(ctx.io), io: ctx.io });
      },
    );
}

/** The build command's work, in process: diagnostics printed, true when the bundle was written. */
export function buildQuietly(io: Io): BuildFn {
  return async ({ root, out }) => {
    const result = await buildInstance({ root, outDir: out });
    printDiagnostics(io, result.diagnostics);
    const ok = result.wrote && !hasErrors(result.diagnostics);
    io.out(
      ok
        ? `built ${result.summary.links} links -> ${out}`
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
