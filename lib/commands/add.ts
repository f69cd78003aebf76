import { InvalidArgumentError, type Command } from "commander";
import { addLink } from "../engines/add/add-link.js";
import { previewLines } from "../engines/edit/preview.js";
import { shortLinkUrl } from "../../runtime/pages/qr-svg.js";
import { MAX_RANDOM_SLUG_LENGTH } from "../stages/1-sources/site/site-schema.js";
import { loadSite } from "../stages/1-sources/site/load-site.js";
import { defaultsDirFor } from "../shared/paths.js";
import { formatDiagnostic, hasErrors } from "../shared/diagnostics.js";
import { printable } from "../shared/printable.js";
import { EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE } from "../shared/exit-codes.js";
import { routeOptions, routesOf, type RouteOptions } from "./route-option.js";
import { countLine, printDiagnostics, type CommandContext } from "./context.js";
import { parseRoot } from "./arguments.js";
import { instanceRoot } from "./edit-run.js";
import {
  fieldOptions,
  fieldsOf,
  previewOf,
  scheduleOf,
  tagsOf,
  type FieldOptions,
} from "./link-options.js";
import { hostBaseUrl, instanceHosts } from "../engines/edit/link-hosts.js";
import { asciiHost } from "../stages/1-sources/site/domains.js";

interface AddOptions extends FieldOptions, RouteOptions {
  root: string;
  file?: string;
  forwardQuery: boolean;
  slugLength?: number;
  dryRun?: boolean;
  domain: string[];
}

function slugLength(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > MAX_RANDOM_SLUG_LENGTH)
    throw new InvalidArgumentError(`expected a whole number from 1 to ${MAX_RANDOM_SLUG_LENGTH}`);
  return n;
}

/** Only a target was given: an absolute URL, so a mistyped slug is not taken for one. */
const looksLikeUrl = (text: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(text);

export function registerAdd(program: Command, ctx: CommandContext): void {
  routeOptions(
    fieldOptions(
      program
        .command("add")
        .description(
          "validate a new link against the instance, then append it to a link source; without a slug, draw a random readable one",
        )
        .usage("[options] [slug] <target>")
        .argument(
          "<slug>",
          "short path, e.g. docs or gh/* for a splat; leave it out for a random one",
        )
        .argument("[target]", "absolute target URL")
        .option("--root <dir>", "instance folder", parseRoot, ".")
        .option(
          "--file <file>",
          "link source to append to (custom/links/NAME.yaml or .csv); default: the one YAML source, else links.yaml",
        ),
    )
      .option(
        "--domain <hosts>",
        "the host the link answers on (default: the instance's default host); several separated by commas, or repeated",
        (value: string, previous: string[]) => [...previous, ...tagsOf(value)],
        [],
      )
      .option("--no-forward-query", "do not append the request's query to the target")
      .option(
        "--slug-length <n>",
        "length of a random slug (default: site.yaml's, by tag, else 4)",
        slugLength,
      ),
  )
    .option("--dry-run", "validate and print the new row; write nothing")
    .action(async (first: string, second: string | undefined, opts: AddOptions) => {
      const random = second === undefined;
      const [slug, target] = random ? [undefined, first] : [first, second];
      const usage = (message: string) => {
        ctx.io.err(`shortlinks add: ${message}`);
        ctx.exitCode = EXIT_USAGE;
      };
      if (random && !looksLikeUrl(target))
        return usage(
          `"${printable(target)}" is not an absolute URL: give the slug and the target, or only the target for a random slug`,
        );
      if (!random && opts.slugLength !== undefined)
        return usage("--slug-length is for a random slug: leave out the slug");
      const root = await instanceRoot(ctx, "add", opts.root);
      if (root === undefined) return;
      const schedule = scheduleOf(opts);
      if (schedule && schedule.label === undefined)
        return usage("--start and --end need --schedule-label");
      const routes = routesOf(opts.route, opts.routeTarget);
      if ("problem" in routes) return usage(routes.problem);
      const row: Record<string, unknown> = random ? { target } : { slug, target };
      const fields = fieldsOf(opts);
      for (const key of ["status", "state"]) if (key in fields) row[key] = fields[key];
      if (schedule) row.schedule = schedule;
      if (!opts.forwardQuery) row.forward_query = false;
      if (routes.routes.length > 0) row.routes = routes.routes;
      Object.assign(row, fields);
      const preview = previewOf(opts);
      if (preview) row.preview = preview;
      // One host as `domain`, several as `domains` (docs/domains.md); check judges them.
      if (opts.domain.length === 1) row.domain = opts.domain[0];
      else if (opts.domain.length > 1) row.domains = opts.domain;
      const result = await addLink({
        root,
        file: opts.file,
        row,
        random: random ? { length: opts.slugLength } : undefined,
        dryRun: opts.dryRun,
      });
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
      const added = `added ${printable(result.slug)} -> ${printable(target)} at ${result.file}:${result.line}`;
      if (opts.dryRun) {
        for (const line of previewLines(result.file, result.before, result.after))
          ctx.io.out(printable(line));
        ctx.io.out(`dry run: ${added}; nothing was written`);
      } else ctx.io.out(added);
      // A drawn slug is printed alone as its short URL (one per host), for the editor to copy.
      if (random && !opts.dryRun) {
        const site = await loadSite(root, defaultsDirFor(root));
        if (site.site) {
          const hosts = instanceHosts(site.site.base_url, site.domains);
          const on = opts.domain.length > 0 ? opts.domain : [hosts.defaultHost];
          for (const host of on) {
            const base = hostBaseUrl(
              site.site.base_url,
              asciiHost(host) ?? host,
              hosts.defaultHost,
            );
            ctx.io.out(shortLinkUrl(base, result.slug));
          }
        }
      }
      ctx.exitCode = EXIT_OK;
    });
}
