import type { Command } from "commander";
import { planMove, type TakeAwayOptions } from "../engines/edit/verbs.js";
import { parseRoot } from "./arguments.js";
import type { CommandContext } from "./context.js";
import { domainOption, runEdit } from "./edit-run.js";
import { chosenHost, linkName, rowHosts, type InstanceHosts } from "../engines/edit/link-hosts.js";
import { EXIT_USAGE } from "../shared/exit-codes.js";
import { tagsOf } from "./link-options.js";

interface MvOptions {
  root: string;
  keepOld?: boolean;
  force?: boolean;
  dryRun?: boolean;
  domain?: string;
  toDomain: string[];
}

export function registerMv(program: Command, ctx: CommandContext): void {
  program
    .command("mv")
    .description(
      "rename a link in place, or move it to other hosts; a published active link needs --keep-old (the old slug stays, retired, pointing to the new one) or --force",
    )
    .argument("<old>", "the link's slug now")
    .argument("[new]", "its new slug (leave it out to move the link with --to-domain only)")
    .option("--root <dir>", "instance folder", parseRoot, ".")
    .addOption(domainOption())
    .option("--keep-old", "leave the old slug as a retired link whose page links to the new one")
    .option("--force", "rename it even if it is active in the last commit (check --against: SL801)")
    .option(
      "--to-domain <hosts>",
      "move the link to this host (several separated by commas, or repeated); with --domain, that host's place only",
      (value: string, previous: string[]) => [...previous, ...tagsOf(value)],
      [],
    )
    .option("--dry-run", "print what would change; write nothing")
    .action(async (from: string, given: string | undefined, opts: MvOptions) => {
      const usage = (message: string) => {
        ctx.io.err(`shortlinks mv: ${message}`);
        ctx.exitCode = EXIT_USAGE;
      };
      const moving = opts.toDomain.length > 0;
      if (given === undefined && !moving)
        return usage("give the new slug, or --to-domain HOST to move the link to another host");
      if (moving && opts.keepOld)
        return usage(
          "--keep-old leaves a retired link behind a new slug; to move a link to another host, add it there and retire this one, or pass --force",
        );
      const to = given ?? from;
      const memo: TakeAwayOptions["memo"] = {};
      let hosts: InstanceHosts | undefined;
      await runEdit(
        ctx,
        "mv",
        opts,
        {
          slug: from,
          plan: (link, site) => {
            hosts = site.hosts;
            const left =
              opts.domain === undefined ? undefined : chosenHost(site.hosts, opts.domain);
            return planMove(link, to, {
              root: opts.root,
              caseSensitive: site.caseSensitive,
              hosts: site.hosts,
              force: opts.force === true,
              keepOld: opts.keepOld === true,
              memo,
              toHosts: moving
                ? { to: opts.toDomain, from: typeof left === "string" ? left : undefined }
                : undefined,
            });
          },
        },
        (done, name) => {
          if (moving && hosts) {
            const row = done.rows[done.link.index];
            const now = row ? rowHosts(row.value as Record<string, unknown>, hosts) : [];
            const at = `${done.file}:${row?.line ?? done.link.row.line}`;
            return `moved ${name} to ${linkName(to, now, hosts.defaultHost)} at ${at}`;
          }
          const moved = done.rows.find((r) => (r.value as { slug?: string }).slug === to);
          const at = `${done.file}:${moved?.line ?? done.link.row.line}`;
          const kept = opts.keepOld ? `; ${from} stays, retired, and its page links to ${to}` : "";
          return `renamed ${name} to ${to} at ${at}${kept}`;
        },
      );
    });
}
