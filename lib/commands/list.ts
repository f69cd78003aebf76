import { InvalidArgumentError, type Command } from "commander";
import { formatTable, LIST_STATES, listLinks } from "../engines/list/list-links.js";
import type { EffectiveState } from "../../runtime/contract/index.js";
import { countLine, type CommandContext } from "./context.js";
import { EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE } from "../shared/exit-codes.js";
import { formatDiagnostic } from "../shared/diagnostics.js";
import { parseRoot } from "./arguments.js";
import { instanceRoot } from "./edit-run.js";
import { printable, printableJson } from "../shared/printable.js";

interface ListOptions {
  root: string;
  tag?: string;
  owner?: string;
  state?: EffectiveState;
  json?: boolean;
  domain?: string;
}

function stateName(value: string): EffectiveState {
  if (!(LIST_STATES as readonly string[]).includes(value))
    throw new InvalidArgumentError(`expected one of ${LIST_STATES.join(", ")}`);
  return value as EffectiveState;
}

export function registerList(program: Command, ctx: CommandContext): void {
  program
    .command("list")
    .description("list the links: a table for people, --json for machines")
    .option("--root <dir>", "instance folder", parseRoot, ".")
    .option("--tag <tag>", "only links with this tag")
    .option("--owner <owner>", "only links of this owner")
    .option(
      "--state <state>",
      `only links in this state now (${LIST_STATES.join(", ")})`,
      stateName,
    )
    .option("--domain <host>", "only the links of this host (docs/domains.md)")
    .option("--json", "print the links as a JSON array")
    .action(async (opts: ListOptions) => {
      const root = await instanceRoot(ctx, "list", opts.root);
      if (root === undefined) return;
      const { tag, owner, state, domain } = opts;
      const listed = await listLinks(root, { tag, owner, state, domain }, new Date());
      if ("usage" in listed) {
        ctx.io.err(formatDiagnostic(listed.usage));
        ctx.exitCode = EXIT_USAGE;
        return;
      }
      const { links, problems } = listed;
      if (opts.json) ctx.io.out(printableJson(links));
      else {
        for (const line of formatTable(links, printable, { hosts: listed.hosts })) ctx.io.out(line);
        ctx.io.out(`${links.length} link${links.length === 1 ? "" : "s"}`);
      }
      if (problems.length > 0) {
        ctx.io.err(
          `the instance has problems (${countLine(problems)}); links with errors are not listed: run shortlinks check`,
        );
        ctx.exitCode = EXIT_PROBLEMS;
        return;
      }
      ctx.exitCode = EXIT_OK;
    });
}
