/**
 * `shortlinks import <format> <FILE> [--into custom/links/NAME.yaml] [--flavour F] [--domain D]`:
 * lib/engines/import/. Exit 0 when every line was imported, 1 when a line was not (each one says why).
 */
import { InvalidArgumentError, type Command } from "commander";
import { hasErrors } from "../shared/diagnostics.js";
import { importLinks } from "../engines/import/import-links.js";
import {
  IMPORT_FORMATS,
  REDIRECTS_FLAVOURS,
  type ImportFormat,
  type RedirectsFlavour,
} from "../engines/import/types.js";
import { countLine, printDiagnostics, type CommandContext } from "./context.js";
import { MAX_ROWS_PER_FILE } from "../stages/1-sources/links/limits.js";
import { parseRoot } from "./arguments.js";
import { refuseMisshapen } from "./misshapen.js";
import { printableJson } from "../shared/printable.js";
import { EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE } from "../shared/exit-codes.js";

function oneOf<T extends string>(values: readonly T[]) {
  return (value: string): T => {
    if (!(values as readonly string[]).includes(value))
      throw new InvalidArgumentError(`expected one of ${values.join(", ")}`);
    return value as T;
  };
}

function intoPath(value: string): string {
  const path = value.split("\\").join("/");
  if (!/^custom\/links\/[^/]+\.ya?ml$/.test(path))
    throw new InvalidArgumentError("expected custom/links/NAME.yaml (a new YAML link source)");
  return path;
}

/** One file, or several: a link source holds at most MAX_ROWS_PER_FILE rows. */
function filesText(files: readonly string[]): string {
  if (files.length === 1) return files[0];
  return `${files.length} files (at most ${MAX_ROWS_PER_FILE.toLocaleString("en")} rows each): ${files.join(", ")}`;
}

interface ImportCliOptions {
  root: string;
  into?: string;
  flavour: RedirectsFlavour;
  domain?: string;
  defaultDomain?: string;
  json?: boolean;
  verbose?: boolean;
}

export function registerImport(program: Command, ctx: CommandContext): void {
  program
    .command("import")
    .description("import links from another tool into a new file under custom/links/")
    .argument("<format>", IMPORT_FORMATS.join(", "), oneOf(IMPORT_FORMATS))
    .argument("<file>", "the export (_redirects, CSV, JSON or v8s-links.txt)")
    .option("--root <dir>", "instance folder", parseRoot, ".")
    .option(
      "--into <file>",
      "the new file, custom/links/NAME.yaml (default imported-FORMAT.yaml)",
      intoPath,
    )
    .option(
      "--flavour <platform>",
      "redirects: cloudflare (default status 302) or netlify (301)",
      oneOf(REDIRECTS_FLAVOURS),
      "cloudflare",
    )
    .option("--domain <host>", "import only the links of this short domain")
    .option(
      "--default-domain <host>",
      "the export's domain that becomes the instance's default host (site.yaml domains)",
    )
    .option("--json", "print {written, files, links, imported, diagnostics} as JSON")
    .option(
      "--verbose",
      "list every diagnostic: no summary line for a group of infos or a repeated code",
    )
    .action(async (format: ImportFormat, file: string, opts: ImportCliOptions) => {
      if (await refuseMisshapen(ctx, opts.root)) return;
      const result = await importLinks({
        root: opts.root,
        format,
        input: file,
        into: opts.into,
        flavour: opts.flavour,
        domain: opts.domain,
        defaultDomain: opts.defaultDomain,
      });
      if (opts.json) {
        const { written = null, files = [], links, imported, diagnostics } = result;
        ctx.io.out(printableJson({ written, files, links, imported, diagnostics }));
      } else {
        printDiagnostics(ctx.io, result.diagnostics, "out", { verbose: opts.verbose, quiet: true });
        const notImported = result.links - result.imported;
        ctx.io.out(
          `${result.files ? `imported ${result.imported} of ${result.links} link(s) into ${filesText(result.files)}` : "nothing written"}; ${notImported} not imported; ${countLine(result.diagnostics)}`,
        );
      }
      ctx.exitCode = result.usage
        ? EXIT_USAGE
        : hasErrors(result.diagnostics)
          ? EXIT_PROBLEMS
          : EXIT_OK;
    });
}
