import { InvalidArgumentError, type Command } from "commander";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { addLink } from "../engines/add/add-link.js";
import { formatDiagnostic, hasErrors } from "../shared/diagnostics.js";
import { countLine, printDiagnostics, type CommandContext } from "./context.js";
import { refuseMisshapen } from "./misshapen.js";
import { parseRoot } from "./arguments.js";
import { printable } from "../shared/printable.js";
import { SITE_FILE } from "../shared/paths.js";
import { EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE } from "../shared/exit-codes.js";
import { REDIRECT_STATUSES } from "../../runtime/contract/index.js";
import { oneOf } from "../shared/words.js";
import { routesOf } from "./route-option.js";

interface AddOptions {
  root: string;
  file?: string;
  status?: number;
  state?: string;
  scheduleLabel?: string;
  start?: string;
  end?: string;
  description?: string;
  owner?: string;
  tags?: string;
  forwardQuery: boolean;
  remainder?: string;
  route: string[];
  routeTarget: string[];
}

const collect = (value: string, previous: string[]) => [...previous, value];

function statusNumber(value: string): number {
  if (!/^\d{3}$/.test(value))
    throw new InvalidArgumentError(`expected ${oneOf(REDIRECT_STATUSES)}`);
  return Number(value);
}

export function registerAdd(program: Command, ctx: CommandContext): void {
  program
    .command("add")
    .description("validate a new link against the instance, then append it to a link source")
    .argument("<slug>", "short path, e.g. docs or gh/* for a splat")
    .argument("<target>", "absolute target URL")
    .option("--root <dir>", "instance folder", parseRoot, ".")
    .option(
      "--file <file>",
      "link source to append to (custom/links/NAME.yaml or .csv); default: the one YAML source, else links.yaml",
    )
    .option("--status <n>", `redirect status: ${oneOf(REDIRECT_STATUSES)}`, statusNumber)
    .option("--state <state>", "active, paused, retired, disabled or draft")
    .option("--schedule-label <label>", "schedule label (exact links only)")
    .option("--start <time>", "schedule start, ISO 8601 with an offset")
    .option("--end <time>", "schedule end, ISO 8601 with an offset")
    .option("--description <text>", "description shown in stats and explain")
    .option("--owner <text>", "owner shown in stats and explain")
    .option("--tags <list>", "tags separated by commas")
    .option("--no-forward-query", "do not append the request's query to the target")
    .option(
      "--remainder <mode>",
      "splat links: append (default) or drop the rest of the path when the target has no :splat",
    )
    .option(
      "--route <when>",
      "a route's conditions: key=value pairs separated by ';', lists by ',' (device=ios; country=FR,BE), or a YAML flow mapping; repeatable, each with its --route-target",
      collect,
      [],
    )
    .option("--route-target <url>", "the target of the --route in the same position", collect, [])
    .action(async (slug: string, target: string, opts: AddOptions) => {
      const root = resolve(opts.root);
      if (await refuseMisshapen(ctx, root)) return;
      if (!existsSync(join(root, SITE_FILE))) {
        ctx.io.err(
          `shortlinks add: ${opts.root} is not an instance (no ${SITE_FILE}); pass --root`,
        );
        ctx.exitCode = EXIT_USAGE;
        return;
      }
      if (
        (opts.start !== undefined || opts.end !== undefined) &&
        opts.scheduleLabel === undefined
      ) {
        ctx.io.err("--start and --end need --schedule-label");
        ctx.exitCode = EXIT_USAGE;
        return;
      }
      const routes = routesOf(opts.route, opts.routeTarget);
      if ("problem" in routes) {
        ctx.io.err(`shortlinks add: ${routes.problem}`);
        ctx.exitCode = EXIT_USAGE;
        return;
      }
      const row: Record<string, unknown> = { slug, target };
      if (opts.status !== undefined) row.status = opts.status;
      if (opts.state !== undefined) row.state = opts.state;
      if (opts.scheduleLabel !== undefined) {
        const schedule: Record<string, string> = { label: opts.scheduleLabel };
        if (opts.start !== undefined) schedule.start = opts.start;
        if (opts.end !== undefined) schedule.end = opts.end;
        row.schedule = schedule;
      }
      if (!opts.forwardQuery) row.forward_query = false;
      if (opts.remainder !== undefined) row.remainder = opts.remainder;
      if (routes.routes.length > 0) row.routes = routes.routes;
      if (opts.description !== undefined) row.description = opts.description;
      if (opts.tags !== undefined)
        row.tags = opts.tags
          .split(",")
          .map((t) => t.trim())
          .filter(Boolean);
      if (opts.owner !== undefined) row.owner = opts.owner;
      const result = await addLink({ root, file: opts.file, row });
      if (!result.ok && result.usage) {
        ctx.io.err(formatDiagnostic(result.diagnostics[0]));
        ctx.exitCode = EXIT_USAGE;
        return;
      }
      printDiagnostics(ctx.io, result.diagnostics);
      if (!result.ok) {
        ctx.io.err(`not added: ${countLine(result.diagnostics)}`);
        if (hasErrors(result.other))
          ctx.io.err(`(the instance has other problems too: run shortlinks check)`);
        ctx.exitCode = EXIT_PROBLEMS;
        return;
      }
      ctx.io.out(printable(`added ${slug} -> ${target} at ${result.file}:${result.line}`));
      ctx.exitCode = EXIT_OK;
    });
}
