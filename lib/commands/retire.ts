import type { Command } from "commander";
import { planRetire } from "../engines/edit/verbs.js";
import { parseRoot } from "./arguments.js";
import type { CommandContext } from "./context.js";
import { domainOption, runEdit, type EditCommandOptions } from "./edit-run.js";

type RetireOptions = EditCommandOptions & { successor?: string };

export function registerRetire(program: Command, ctx: CommandContext): void {
  program
    .command("retire")
    .description(
      "retire a link: it answers an informational 410 page, which links to its successor when one is named",
    )
    .argument("<slug>", "the link to retire")
    .option("--root <dir>", "instance folder", parseRoot, ".")
    .addOption(domainOption())
    .option("--successor <slug>", "the link that replaces it (an exact link of the instance)")
    .option("--dry-run", "print what would change; write nothing")
    .action(async (slug: string, opts: RetireOptions) => {
      await runEdit(
        ctx,
        "retire",
        opts,
        { slug, plan: (link) => planRetire(link, opts.successor) },
        (done, name) => {
          const line = done.rows[done.link.index]?.line ?? done.link.row.line;
          const successor = done.rows[done.link.index]?.value as { successor?: string } | undefined;
          const next = successor?.successor ? `, and links to ${successor.successor}` : "";
          return `retired ${name} at ${done.file}:${line}: it answers 410 with an informational page${next}`;
        },
      );
    });
}
