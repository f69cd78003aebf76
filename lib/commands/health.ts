/**
 * `shortlinks health [--json] [--concurrency N] [--per-host N] [--timeout MS] [--deadline MS]
 * [--slow MS] [--retries N] [--only SLUG...] [--resolve HOST:PORT:ADDRESS]...`: probes the
 * target of every link that can redirect (lib/engines/health/, docs/health.md). Exit 1 when a target is
 * broken or unsafe, or when the deadline left links unchecked.
 */
import { InvalidArgumentError, type Command } from "commander";
import { checkHealth } from "../engines/health/check-health.js";
import { formatReport } from "../engines/health/format-report.js";
import { parsePin, type Pin } from "../engines/health/pins.js";
import { progressBar } from "../engines/health/progress.js";
import { HEALTH_DEFAULTS } from "../engines/health/run-health.js";
import { reportFails } from "../engines/health/types.js";
import { parseRoot } from "./arguments.js";
import { printDiagnostics, type CommandContext } from "./context.js";
import { EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE } from "../shared/exit-codes.js";
import { printable, printableJson } from "../shared/printable.js";

interface HealthFlags {
  root: string;
  json?: boolean;
  concurrency: number;
  perHost: number;
  timeout: number;
  deadline: number;
  slow: number;
  retries: number;
  only?: string[];
  resolve: Pin[];
}

function count(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max)
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    return n;
  };
}

function collectPin(value: string, previous: Pin[]): Pin[] {
  const pin = parsePin(value);
  if ("problem" in pin) throw new InvalidArgumentError(pin.problem);
  return [...previous, pin];
}

export function registerHealth(program: Command, ctx: CommandContext): void {
  const d = HEALTH_DEFAULTS;
  program
    .command("health")
    .description(
      "probe the target of every link that can redirect: ok, moved, broken, unsafe-final, slow",
    )
    .option("--root <dir>", "instance folder", parseRoot, ".")
    .option("--json", "print {checked, results} as JSON on stdout")
    .option("--concurrency <n>", "targets probed at once", count(1, 256), d.concurrency)
    .option("--per-host <n>", "requests at once to one host", count(1, 64), d.perHost)
    .option(
      "--timeout <ms>",
      "per request: connect, TLS and headers",
      count(1, 600_000),
      d.timeoutMs,
    )
    .option("--deadline <ms>", "for the whole run", count(1, 86_400_000), d.deadlineMs)
    .option("--slow <ms>", "a chain taking longer than this is slow", count(0, 600_000), d.slowMs)
    .option(
      "--retries <n>",
      "extra tries after 429/502/503/504 or a dropped connection",
      count(0, 5),
      d.retries,
    )
    .option("--only <slug...>", "check only these links")
    .option(
      "--resolve <host:port:address>",
      "connect to ADDRESS for HOST:PORT, like curl (repeatable)",
      collectPin,
      [] as Pin[],
    )
    .action(async (opts: HealthFlags) => {
      const bar = opts.json ? undefined : progressBar(process.stderr);
      const result = await checkHealth({
        root: opts.root,
        only: opts.only,
        concurrency: opts.concurrency,
        perHost: opts.perHost,
        timeoutMs: opts.timeout,
        deadlineMs: opts.deadline,
        slowMs: opts.slow,
        retries: opts.retries,
        retryDelayMs: d.retryDelayMs,
        maxRedirects: d.maxRedirects,
        pins: opts.resolve,
        onProgress: bar && ((done, total) => bar.update(done, total)),
      });
      bar?.clear();
      if ("diagnostics" in result) {
        printDiagnostics(ctx.io, result.diagnostics);
        ctx.io.err("health needs an instance that checks clean: fix the errors above first");
        ctx.exitCode = EXIT_PROBLEMS;
        return;
      }
      if ("unknown" in result) {
        ctx.io.err(
          printable(`shortlinks health: --only names no link: ${result.unknown.join(", ")}`),
        );
        ctx.exitCode = EXIT_USAGE;
        return;
      }
      for (const { slug, state } of result.idle)
        ctx.io.err(`${slug}: ${state}, it cannot redirect; not checked`);
      if (opts.json) ctx.io.out(printableJson(result.report));
      else
        for (const line of formatReport(result.report, { color: ctx.io.color?.out }))
          ctx.io.out(line);
      if (result.deadlineReached)
        ctx.io.err(`the deadline (${opts.deadline} ms) passed before every link was checked`);
      ctx.exitCode = reportFails(result.report, result.deadlineReached) ? EXIT_PROBLEMS : EXIT_OK;
    });
}
