import type { Command } from "commander";
import { createExplainer, formatExplanation } from "../engines/explain/explain.js";
import { printDiagnostics, type CommandContext } from "./context.js";
import { parseRoot } from "./arguments.js";
import { AT_USAGE, atTime } from "./at-time.js";
import { printableJson } from "../shared/printable.js";
import { EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE } from "../shared/exit-codes.js";

export function registerExplain(program: Command, ctx: CommandContext): void {
  program
    .command("explain <path>")
    .description(
      "show how the runtime resolves a path: normalisation, match, schedule and state, target checks, response, event",
    )
    .option("--root <dir>", "instance folder", parseRoot, ".")
    .option("--at <iso-time>", "evaluate schedules at this time (ISO 8601 with an offset)")
    .option("--method <method>", "request method", "GET")
    .option("--json", "print the trace as JSON")
    .action(
      async (path: string, opts: { root: string; at?: string; method: string; json?: boolean }) => {
        const at = opts.at === undefined ? undefined : atTime(opts.at);
        if (at === null) {
          ctx.io.err(`shortlinks explain: ${AT_USAGE}, got "${opts.at}"`);
          ctx.exitCode = EXIT_USAGE;
          return;
        }
        const explainer = await createExplainer(opts.root);
        if (!explainer.ok) {
          printDiagnostics(ctx.io, explainer.diagnostics);
          ctx.io.err("explain needs an instance that builds: fix the errors above first");
          ctx.exitCode = EXIT_PROBLEMS;
          return;
        }
        const explanation = await explainer.explain({
          path,
          at,
          method: opts.method.toUpperCase(),
        });
        if (opts.json) ctx.io.out(printableJson(explanation));
        else for (const line of formatExplanation(explanation)) ctx.io.out(line);
        ctx.exitCode = EXIT_OK;
      },
    );
}
