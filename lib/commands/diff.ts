import { InvalidArgumentError, type Command } from "commander";
import { hasErrors } from "../shared/diagnostics.js";
import { parseRoot } from "./arguments.js";
import { DEFAULT_DAYS, diffInstance, DiffUsageError } from "../engines/diff/diff-instance.js";
import { formatDiffMarkdown } from "../engines/diff/format-markdown.js";
import { formatDiffText } from "../engines/diff/format-text.js";
import { printDiagnostics, type CommandContext } from "./context.js";
import { AT_USAGE, atTime } from "./at-time.js";
import { printableJson } from "../shared/printable.js";
import { instanceCache } from "../shared/cache/instance-cache.js";
import { EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE } from "../shared/exit-codes.js";

interface DiffOptions {
  root: string;
  head?: string;
  json?: boolean;
  markdown?: boolean;
  days: number;
  at?: string;
  cache: boolean;
}

function dayCount(value: string): number {
  if (!/^\d{1,4}$/.test(value)) throw new InvalidArgumentError("expected a number of days");
  return Number(value);
}

export function registerDiff(program: Command, ctx: CommandContext): void {
  program
    .command("diff")
    .description(
      "what the work tree changes against a git ref: links, routing, destination hosts, schedule events and the rules that protect published links",
    )
    .argument("[base]", "git ref to compare with", "HEAD")
    .option("--root <dir>", "instance folder", parseRoot, ".")
    .option("--head <ref>", "compare this commit instead of the work tree")
    .option("--json", "print the report as JSON")
    .option("--markdown", "print the report as a pull-request comment in Markdown")
    .option("--days <n>", "schedule starts and ends within N days", dayCount, DEFAULT_DAYS)
    .option(
      "--at <iso-time>",
      "evaluate schedules and outcomes at this time (ISO 8601 with an offset; default now)",
    )
    .option("--no-cache", "read every link source afresh (docs/cache.md)")
    .action(async (base: string, opts: DiffOptions) => {
      const usage = (message: string) => {
        ctx.io.err(`shortlinks diff: ${message}`);
        ctx.exitCode = EXIT_USAGE;
      };
      if (opts.json && opts.markdown) return usage("choose one of --json and --markdown");
      const at = opts.at === undefined ? new Date() : atTime(opts.at);
      if (at === null) return usage(`${AT_USAGE}, got "${opts.at}"`);
      let report;
      const cache = instanceCache(opts.root, opts.cache);
      try {
        report = await diffInstance({
          root: opts.root,
          base,
          head: opts.head,
          at,
          days: opts.days,
          cache,
        });
        await cache?.prune();
      } catch (error) {
        if (error instanceof DiffUsageError) return usage(error.message);
        throw error;
      }
      if (opts.json) ctx.io.out(printableJson(report));
      else if (opts.markdown) ctx.io.out(formatDiffMarkdown(report));
      else {
        for (const line of formatDiffText(report)) ctx.io.out(line);
        if (report.problems.length > 0) {
          ctx.io.out("");
          printDiagnostics(ctx.io, report.problems, "out");
        }
      }
      ctx.exitCode = hasErrors(report.problems) ? EXIT_PROBLEMS : EXIT_OK;
    });
}
