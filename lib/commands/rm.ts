import type { Command } from "commander";
import { planRemove, type TakeAwayOptions } from "../engines/edit/verbs.js";
import { parseRoot } from "./arguments.js";
import type { CommandContext } from "./context.js";
import { domainOption, runEdit, type EditCommandOptions } from "./edit-run.js";

type RmOptions = EditCommandOptions & { force?: boolean };

export function registerRm(program: Command, ctx: CommandContext): void {
  program
    .command("rm")
    .description(
      "remove a link's row; a published active link needs --force (retire keeps a 410 page instead)",
    )
    .argument("<slug>", "the link to remove")
    .option("--root <dir>", "instance folder", parseRoot, ".")
    .addOption(domainOption())
    .option("--force", "remove it even if it is active in the last commit (check --against: SL801)")
    .option("--dry-run", "print what would change; write nothing")
    .action(async (slug: string, opts: RmOptions) => {
      const memo: TakeAwayOptions["memo"] = {};
      await runEdit(
        ctx,
        "rm",
        opts,
        {
          slug,
          plan: (link, site) =>
            planRemove(link, {
              root: opts.root,
              caseSensitive: site.caseSensitive,
              hosts: site.hosts,
              force: opts.force === true,
              memo,
            }),
        },
        (done, name) => `removed ${name} from ${done.file}:${done.link.row.line}`,
      );
    });
}
