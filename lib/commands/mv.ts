import type { Command } from "commander";
import { planMove, type TakeAwayOptions } from "../engines/edit/verbs.js";
import { parseRoot } from "./arguments.js";
import type { CommandContext } from "./context.js";
import { domainOption, runEdit } from "./edit-run.js";

interface MvOptions {
  root: string;
  keepOld?: boolean;
  force?: boolean;
  dryRun?: boolean;
  domain?: string;
}

export function registerMv(program: Command, ctx: CommandContext): void {
  program
    .command("mv")
    .description(
      "rename a link in place; a published active link needs --keep-old (the old slug stays, retired, pointing to the new one) or --force",
    )
    .argument("<old>", "the link's slug now")
    .argument("<new>", "its new slug")
    .option("--root <dir>", "instance folder", parseRoot, ".")
    .addOption(domainOption())
    .option("--keep-old", "leave the old slug as a retired link whose page links to the new one")
    .option("--force", "rename it even if it is active in the last commit (check --against: SL801)")
    .option("--dry-run", "print what would change; write nothing")
    .action(async (from: string, to: string, opts: MvOptions) => {
      const memo: TakeAwayOptions["memo"] = {};
      await runEdit(
        ctx,
        "mv",
        opts,
        {
          slug: from,
          plan: (link, site) =>
            planMove(link, to, {
              root: opts.root,
              caseSensitive: site.caseSensitive,
              hosts: site.hosts,
              force: opts.force === true,
              keepOld: opts.keepOld === true,
              memo,
            }),
        },
        (done, name) => {
          const moved = done.rows.find((r) => (r.value as { slug?: string }).slug === to);
          const at = `${done.file}:${moved?.line ?? done.link.row.line}`;
          const kept = opts.keepOld ? `; ${from} stays, retired, and its page links to ${to}` : "";
          return `renamed ${name} to ${to} at ${at}${kept}`;
        },
      );
    });
}
