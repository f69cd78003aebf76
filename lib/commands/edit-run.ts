/**
 * What the editor's verbs (set, retire, mv, rm) share on the command line: the instance check,
 * the run of the engine, `--dry-run`'s preview, the messages and the exit codes.
 */
import { Option } from "commander";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { editLink, type EditDone, type EditLinkInput } from "../engines/edit/edit-link.js";
import { previewLines } from "../engines/edit/preview.js";
import { linkName } from "../engines/edit/link-hosts.js";
import { SITE_FILE } from "../shared/paths.js";
import { EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE } from "../shared/exit-codes.js";
import { formatDiagnostic, hasErrors } from "../shared/diagnostics.js";
import { printable } from "../shared/printable.js";
import { countLine, printDiagnostics, type CommandContext } from "./context.js";
import { refuseMisshapen } from "./misshapen.js";

export interface EditCommandOptions {
  root: string;
  dryRun?: boolean;
  /** `--domain HOST`: the host whose link is meant (docs/domains.md). */
  domain?: string;
}

/** `--domain`, as the editor's verbs and qr spell it. */
export function domainOption(): Option {
  return new Option(
    "--domain <host>",
    "the host whose link is meant, when the slug is a link on several hosts (docs/domains.md)",
  );
}

/** The root as a full path, or undefined after printing why it is not an instance (exit 2). */
export async function instanceRoot(
  ctx: CommandContext,
  verb: string,
  given: string,
): Promise<string | undefined> {
  const root = resolve(given);
  if (await refuseMisshapen(ctx, root)) return undefined;
  if (existsSync(join(root, SITE_FILE))) return root;
  ctx.io.err(`shortlinks ${verb}: ${given} is not an instance (no ${SITE_FILE}); pass --root`);
  ctx.exitCode = EXIT_USAGE;
  return undefined;
}

export async function runEdit(
  ctx: CommandContext,
  verb: string,
  opts: EditCommandOptions,
  input: Omit<EditLinkInput, "root" | "dryRun" | "verb" | "domain">,
  /** The message of a done edit; `name` is the link as messages name it (`HOST/slug` elsewhere). */
  done: (result: EditDone, name: string) => string,
): Promise<void> {
  const root = await instanceRoot(ctx, verb, opts.root);
  if (root === undefined) return;
  const result = await editLink({
    ...input,
    root,
    verb,
    dryRun: opts.dryRun,
    domain: opts.domain,
  });
  if (!result.ok) {
    if (result.usage) {
      ctx.io.err(formatDiagnostic(result.diagnostics[0]));
      ctx.exitCode = EXIT_USAGE;
      return;
    }
    printDiagnostics(ctx.io, result.diagnostics);
    ctx.io.err(`not changed: ${countLine(result.diagnostics)}`);
    if (hasErrors(result.other))
      ctx.io.err("(the instance has other problems too: run shortlinks check)");
    ctx.exitCode = EXIT_PROBLEMS;
    return;
  }
  if (result.unchanged !== undefined) {
    ctx.io.out(`unchanged: ${printable(result.unchanged)}`);
    ctx.exitCode = EXIT_OK;
    return;
  }
  const name = linkName(input.slug, result.link.hosts, result.defaultHost);
  if (opts.dryRun) {
    for (const line of previewLines(result.file, result.before, result.after))
      ctx.io.out(printable(line));
    ctx.io.out(`dry run: ${printable(done(result, name))}; nothing was written`);
  } else {
    ctx.io.out(printable(done(result, name)));
  }
  if (hasErrors(result.other))
    ctx.io.err("(the instance has other problems: run shortlinks check)");
  ctx.exitCode = EXIT_OK;
}
