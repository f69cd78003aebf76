import type { Command } from "commander";
import { checkInstance } from "../check.js";
import { hasErrors } from "../diagnostics.js";
import {
  countLine,
  EXIT_OK,
  EXIT_PROBLEMS,
  printDiagnostics,
  type CommandContext,
} from "./context.js";
import { parseRoot } from "./arguments.js";

export function registerCheck(program: Command, ctx: CommandContext): void {
  program
    .command("check")
    .description("run every build-time rule; writes nothing")
    .option("--root <dir>", "instance folder", parseRoot, ".")
    .option("--json", "print {ok, diagnostics} as JSON on stdout")
    .action(async (opts: { root: string; json?: boolean }) => {
      const result = await checkInstance({ root: opts.root });
      const ok = !hasErrors(result.diagnostics);
      if (opts.json) {
        const diagnostics = result.diagnostics.map(
          ({ code, severity, file, line, message, hint }) =>
            hint === undefined
              ? { code, severity, file, line, message }
              : { code, severity, file, line, message, hint },
        );
        ctx.io.out(JSON.stringify({ ok, diagnostics }, null, 2));
      } else {
        printDiagnostics(ctx.io, result.diagnostics, "out");
        ctx.io.out(
          ok
            ? `ok: ${result.summary.links} links, ${countLine(result.diagnostics)}`
            : `check failed: ${countLine(result.diagnostics)}`,
        );
      }
      ctx.exitCode = ok ? EXIT_OK : EXIT_PROBLEMS;
    });
}
