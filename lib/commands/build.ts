import type { Command } from "commander";
import { buildInstance } from "../engines/build/build.js";
import { formatDiagnostic, hasErrors } from "../shared/diagnostics.js";
import { displayPath } from "../shared/fs/display-path.js";
import { countLine, printDiagnostics, type CommandContext } from "./context.js";
import { DEFAULT_JOBS, parseJobs, parseRoot } from "./arguments.js";
import { EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE } from "../shared/exit-codes.js";

export function registerBuild(program: Command, ctx: CommandContext): void {
  program
    .command("build")
    .description(
      "validate, then write the deployable bundle (default ROOT/dist) and refresh src/worker.js",
    )
    .option("--root <dir>", "instance folder", parseRoot, ".")
    .option("--out <dir>", "output folder (default ROOT/dist)")
    .option(
      "--jobs <n>",
      "threads to use (default: the machine's cores; 1: single-threaded, same output)",
      parseJobs,
      DEFAULT_JOBS,
    )
    .option(
      "--verbose",
      "list every diagnostic: no summary line for a group of infos or a repeated code",
    )
    .action(async (opts: { root: string; out?: string; jobs: number; verbose?: boolean }) => {
      const result = await buildInstance({ root: opts.root, outDir: opts.out, jobs: opts.jobs });
      if (result.outProblem) {
        ctx.io.err(formatDiagnostic(result.outProblem));
        ctx.exitCode = result.outProblem.code === "SL342" ? EXIT_PROBLEMS : EXIT_USAGE;
        return;
      }
      printDiagnostics(ctx.io, result.diagnostics, "err", { verbose: opts.verbose, quiet: true });
      if (!result.wrote || hasErrors(result.diagnostics)) {
        ctx.io.err(
          `build failed: ${countLine(result.diagnostics)}; previous output left untouched`,
        );
        ctx.exitCode = EXIT_PROBLEMS;
        return;
      }
      const s = result.summary;
      const where = displayPath(result.outDir);
      ctx.io.out(
        `built ${s.links} links (${s.exact} exact, ${s.splat} splat${s.placeholder > 0 ? `, ${s.placeholder} placeholder` : ""}) in ${s.shards} shard(s), ${s.files} files -> ${where}`,
      );
      ctx.io.out(`worker.js: ${(s.workerBytes / 1024).toFixed(1)} KiB (${s.workerBytes} bytes)`);
      if (result.diagnostics.length > 0) ctx.io.out(countLine(result.diagnostics));
      ctx.exitCode = EXIT_OK;
    });
}
