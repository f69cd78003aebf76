import type { Command } from "commander";
import { relative } from "node:path";
import { buildInstance } from "../build.js";
import { hasErrors } from "../diagnostics.js";
import {
  countLine,
  EXIT_OK,
  EXIT_PROBLEMS,
  printDiagnostics,
  type CommandContext,
} from "./context.js";

export function registerBuild(program: Command, ctx: CommandContext): void {
  program
    .command("build")
    .description(
      "validate, then write the deployable bundle (default ROOT/dist) and refresh src/worker.js",
    )
    .option("--root <dir>", "instance folder", ".")
    .option("--out <dir>", "output folder (default ROOT/dist)")
    .action(async (opts: { root: string; out?: string }) => {
      const result = await buildInstance({ root: opts.root, outDir: opts.out });
      printDiagnostics(ctx.io, result.diagnostics);
      if (!result.wrote || hasErrors(result.diagnostics)) {
        ctx.io.err(
          `build failed: ${countLine(result.diagnostics)}; previous output left untouched`,
        );
        ctx.exitCode = EXIT_PROBLEMS;
        return;
      }
      const s = result.summary;
      const where = relative(process.cwd(), result.outDir) || ".";
      ctx.io.out(
        `built ${s.links} links (${s.exact} exact, ${s.splat} splat) in ${s.shards} shard(s), ${s.files} files -> ${where}`,
      );
      ctx.io.out(`worker.js: ${(s.workerBytes / 1024).toFixed(1)} KiB (${s.workerBytes} bytes)`);
      if (result.diagnostics.length > 0) ctx.io.out(countLine(result.diagnostics));
      ctx.exitCode = EXIT_OK;
    });
}
