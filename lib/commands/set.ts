import type { Command } from "commander";
import { planSet } from "../engines/edit/verbs.js";
import { parseRoot } from "./arguments.js";
import type { CommandContext } from "./context.js";
import { EXIT_USAGE } from "../shared/exit-codes.js";
import { domainOption, runEdit } from "./edit-run.js";
import { routeOptions, routesOf, type RouteOptions } from "./route-option.js";
import {
  fieldOptions,
  fieldsOf,
  previewOf,
  scheduleOf,
  type FieldOptions,
} from "./link-options.js";

/** Fields `--unset` may remove (slug and target stay: `mv` renames, every link has a target). */
export const UNSET_FIELDS = [
  "status",
  "state",
  "schedule",
  "forward_query",
  "remainder",
  "allow",
  "description",
  "tags",
  "owner",
  "title",
  "notes",
  "successor",
  "preview",
] as const;

interface SetOptions extends FieldOptions, RouteOptions {
  root: string;
  target?: string;
  successor?: string;
  forwardQuery?: boolean;
  unset: string[];
  dryRun?: boolean;
  domain?: string;
  clearRoutes?: boolean;
}

export function registerSet(program: Command, ctx: CommandContext): void {
  routeOptions(
    fieldOptions(
      program
        .command("set")
        .description(
          "change fields of a link in place in its own file, validated against the whole instance",
        )
        .argument("<slug>", "the link to change")
        .option("--root <dir>", "instance folder", parseRoot, ".")
        .addOption(domainOption())
        .option("--target <url>", "new absolute target URL"),
    ),
  )
    .option("--clear-routes", "remove the link's routes (--route replaces them)")
    .option("--successor <slug>", "retired links: the link that replaces this one")
    .option("--forward-query", "append the request's query to the target")
    .option("--no-forward-query", "do not append the request's query to the target")
    .option(
      "--unset <field>",
      `remove a field (${UNSET_FIELDS.join(", ")}); repeat for several`,
      (value: string, all: string[]) => [...all, value],
      [],
    )
    .option("--dry-run", "print what would change; write nothing")
    .action(async (slug: string, opts: SetOptions) => {
      const usage = (message: string) => {
        ctx.io.err(`shortlinks set: ${message}`);
        ctx.exitCode = EXIT_USAGE;
      };
      const set = fieldsOf(opts);
      if (opts.target !== undefined) set.target = opts.target;
      if (opts.successor !== undefined) set.successor = opts.successor;
      if (opts.forwardQuery !== undefined) set.forward_query = opts.forwardQuery;
      const schedule = scheduleOf(opts);
      const preview = previewOf(opts);
      const routes = routesOf(opts.route, opts.routeTarget);
      if ("problem" in routes) return usage(routes.problem);
      if (routes.routes.length > 0 && opts.clearRoutes)
        return usage("give --route and --clear-routes apart: --route replaces the routes already");
      if (routes.routes.length > 0) set.routes = routes.routes;
      const unset = opts.clearRoutes ? [...opts.unset, "routes"] : opts.unset;
      const bad = opts.unset.filter((f) => !(UNSET_FIELDS as readonly string[]).includes(f));
      const twice = opts.unset.filter(
        (f) => f in set || (f === "schedule" && schedule) || (f === "preview" && preview),
      );
      const problem =
        bad.length > 0
          ? `--unset takes ${UNSET_FIELDS.join(", ")}; not ${bad.join(", ")}`
          : twice.length > 0
            ? `${twice.join(", ")} is both set and unset`
            : Object.keys(set).length === 0 && !schedule && !preview && unset.length === 0
              ? "nothing to change: give a field option (see shortlinks set --help)"
              : undefined;
      if (problem !== undefined) return usage(problem);
      await runEdit(
        ctx,
        "set",
        opts,
        { slug, plan: (link) => planSet(link, { set, unset, schedule, preview }) },
        (done, name) => {
          const row = done.rows[done.link.index];
          return `changed ${name} at ${done.file}:${row?.line ?? done.link.row.line}`;
        },
      );
    });
}
