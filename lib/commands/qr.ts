/**
 * `shortlinks qr <slug> [--svg FILE]`: the short link's QR code, for editors who put links on
 * paper. Printed in the terminal (Unicode half blocks), or written as the same SVG the lookup
 * result page shows (runtime/pages/qr-svg.ts), atomically.
 */
import type { Command } from "commander";
import { resolve } from "node:path";
import { renderUnicodeCompact } from "uqr";
import { createExplainer } from "../engines/explain/explain.js";
import { writeFileAtomic } from "../shared/fs/atomic.js";
import { defaultsDirFor } from "../shared/paths.js";
import { loadSite } from "../stages/1-sources/site/load-site.js";
import { QR_MAX_BYTES } from "../../runtime/contract/index.js";
import { qrFits, qrSvg, shortLinkUrl } from "../../runtime/pages/qr-svg.js";
import { diag } from "../shared/diagnostics.js";
import { parseRoot } from "./arguments.js";
import { EXIT_OK, EXIT_PROBLEMS, printDiagnostics, type CommandContext } from "./context.js";
import { refuseMisshapen } from "./misshapen.js";

export function registerQr(program: Command, ctx: CommandContext): void {
  program
    .command("qr <slug>")
    .description("the short link's QR code: in the terminal, or as an SVG file")
    .option("--root <dir>", "instance folder", parseRoot, ".")
    .option("--svg <file>", "write the QR code as SVG to this file instead of printing it")
    .action(async (slug: string, opts: { root: string; svg?: string }) => {
      const root = resolve(opts.root);
      if (await refuseMisshapen(ctx, root)) return;
      const loaded = await loadSite(root, defaultsDirFor(root));
      const explainer = await createExplainer(root);
      if (!loaded.site || !explainer.ok) {
        printDiagnostics(ctx.io, explainer.ok ? loaded.diagnostics : explainer.diagnostics);
        ctx.io.err("qr needs an instance that builds: fix the errors above first");
        ctx.exitCode = EXIT_PROBLEMS;
        return;
      }
      const asked = new URL(shortLinkUrl(loaded.site.base_url, slug)).pathname;
      const e = await explainer.explain({ path: asked });
      if (!e.match) {
        ctx.io.err(`shortlinks qr: no link answers ${asked}`);
        ctx.exitCode = EXIT_PROBLEMS;
        return;
      }
      const url = shortLinkUrl(
        loaded.site.base_url,
        e.match.kind === "exact" ? e.match.slug : asked,
      );
      if (!qrFits(url)) {
        const bytes = new TextEncoder().encode(url).length;
        printDiagnostics(ctx.io, [
          diag(
            "SL810",
            { file: e.match.file, line: e.match.line },
            `the short URL of ${e.match.slug} is ${bytes} bytes long; a QR code holds at most ${QR_MAX_BYTES}`,
            "a shorter path under the link, or a shorter base_url",
          ),
        ]);
        ctx.exitCode = EXIT_PROBLEMS;
        return;
      }
      if (e.effective_state !== "active")
        ctx.io.err(`note: ${e.match.slug} is ${e.effective_state} now (${e.outcome.status})`);
      if (opts.svg !== undefined) {
        await writeFileAtomic(resolve(opts.svg), qrSvg(url)! + "\n");
        ctx.io.out(`wrote ${opts.svg}: QR code of ${url}`);
      } else {
        ctx.io.out(renderUnicodeCompact(url, { ecc: "M", border: 2 }));
        ctx.io.out(url);
      }
      ctx.exitCode = EXIT_OK;
    });
}
