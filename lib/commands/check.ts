import type { Command } from "commander";
import { checkHead, checkInstance } from "../engines/check/check.js";
import type { CompileResult } from "../stages/compile.js";
import { hasErrors, sortDiagnostics, type Diagnostic } from "../shared/diagnostics.js";
import { diffInstance, DiffUsageError } from "../engines/diff/diff-instance.js";
import { countLine, printDiagnostics, type CommandContext } from "./context.js";
import { DEFAULT_JOBS, parseJobs, parseRoot } from "./arguments.js";
import { printableJson } from "../shared/printable.js";
import { instanceCache } from "../shared/cache/instance-cache.js";
import { EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE } from "../shared/exit-codes.js";

/**
 * `check --against BASE`: the instance's own check, plus the rules that protect published links
 * (SL80x) against the instance as BASE has it. Returns undefined after a usage error.
 */
async function checkAgainst(
  root: string,
  base: string,
  ctx: CommandContext,
  jobs: number,
  useCache: boolean,
): Promise<{ result: CompileResult; diagnostics: Diagnostic[] } | undefined> {
  let result: CompileResult | undefined;
  const cache = instanceCache(root, useCache);
  try {
    const report = await diffInstance({
      root,
      base,
      compileHead: async () => (result = await checkHead({ root, jobs, cache })),
      cache,
    });
    await cache?.prune();
    const own = new Set(result!.diagnostics);
    const extra = report.problems.filter((d) => !own.has(d));
    return { result: result!, diagnostics: sortDiagnostics([...result!.diagnostics, ...extra]) };
  } catch (error) {
    if (!(error instanceof DiffUsageError)) throw error;
    ctx.io.err(`shortlinks check: --against: ${error.message}`);
    ctx.exitCode = EXIT_USAGE;
    return undefined;
  }
}

interface CheckOptions {
  root: string;
  json?: boolean;
  against?: string;
  jobs: number;
  verbose?: boolean;
  cache: boolean;
}

export function registerCheck(program: Command, ctx: CommandContext): void {
  program
    .command("check")
    .description("run every build-time rule; writes nothing")
    .option("--root <dir>", "instance folder", parseRoot, ".")
    .option("--json", "print {ok, diagnostics} as JSON on stdout")
    .option(
      "--jobs <n>",
      "threads to use (default: the machine's cores; 1: single-threaded, same diagnostics)",
      parseJobs,
      DEFAULT_JOBS,
    )
    .option(
      "--against <ref>",
      "also enforce the rules that protect published links against this git ref",
    )
    .option("--no-cache", "with --against: read every link source afresh (docs/cache.md)")
    .option(
      "--verbose",
      "list every diagnostic: no summary line for a group of infos or a repeated code",
    )
    .action(async (opts: CheckOptions) => {
      let result: CompileResult;
      let diagnostics: Diagnostic[];
      if (opts.against === undefined) {
        result = await checkInstance({ root: opts.root, jobs: opts.jobs });
        diagnostics = result.diagnostics;
      } else {
        const checked = await checkAgainst(opts.root, opts.against, ctx, opts.jobs, opts.cache);
        if (!checked) return;
        ({ result, diagnostics } = checked);
      }
      const ok = !hasErrors(diagnostics);
      if (opts.json) {
        const list = diagnostics.map(({ code, severity, file, line, message, hint }) =>
          hint === undefined
            ? { code, severity, file, line, message }
            : { code, severity, file, line, message, hint },
        );
        ctx.io.out(printableJson({ ok, diagnostics: list }));
      } else {
        printDiagnostics(ctx.io, diagnostics, "out", { verbose: opts.verbose, quiet: true });
        ctx.io.out(
          ok
            ? `ok: ${result.summary.links} links, ${countLine(diagnostics)}`
            : `check failed: ${countLine(diagnostics)}`,
        );
      }
      ctx.exitCode = ok ? EXIT_OK : EXIT_PROBLEMS;
    });
}
