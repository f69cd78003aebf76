/**
 * `shortlinks qr <slug> [--domain HOST] [--svg FILE] [--force]`: the short link's QR code, on its
 * own host (qr-answer.ts), for editors who put links on paper. Printed in the terminal (Unicode half blocks), or written as the same SVG the
 * lookup result page shows (runtime/pages/qr-svg.ts), atomically, where lib/shared/fs/write-target.ts
 * allows: never over the instance's own files, over another file only when qr wrote it or
 * --force says so.
 */
import type { Command } from "commander";
import { resolve } from "node:path";
import { decodeHTML } from "entities";
import { renderUnicodeCompact } from "uqr";
import { createExplainer } from "../engines/explain/explain.js";
import { writeFileAtomic } from "../shared/fs/atomic.js";
import { defaultsDirFor } from "../shared/paths.js";
import { loadSite } from "../stages/1-sources/site/load-site.js";
import { QR_MAX_BYTES } from "../../runtime/contract/index.js";
import { qrFits, qrSvg } from "../../runtime/pages/qr-svg.js";
import { diag, formatDiagnostic } from "../shared/diagnostics.js";
import { instanceHosts } from "../engines/edit/link-hosts.js";
import { domainOption } from "./edit-run.js";
import { qrAnswer } from "./qr-answer.js";
import { writeProblem } from "../shared/fs/write-target.js";
import { parseRoot } from "./arguments.js";
import { printDiagnostics, type CommandContext } from "./context.js";
import { refuseMisshapen } from "./misshapen.js";
import { EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE } from "../shared/exit-codes.js";

export function registerQr(program: Command, ctx: CommandContext): void {
  program
    .command("qr <slug>")
    .description("the short link's QR code: in the terminal, or as an SVG file")
    .option("--root <dir>", "instance folder", parseRoot, ".")
    .option("--svg <file>", "write the QR code as SVG to this file instead of printing it")
    .option("--force", "--svg may replace a file qr did not write (never the instance's own)")
    .addOption(domainOption())
    .option(
      "--private",
      "a private link's code too: it opens only for people signed in to its zone",
    )
    .action(
      async (
        slug: string,
        opts: { root: string; svg?: string; force?: boolean; private?: boolean; domain?: string },
      ) => {
        const root = resolve(opts.root);
        if (await refuseMisshapen(ctx, root)) return;
        if (opts.svg !== undefined) {
          const refused = await writeProblem(root, resolve(opts.svg), {
            kind: "output",
            command: "qr",
            ours: isQrSvg,
            force: opts.force,
          });
          if (refused) {
            printDiagnostics(ctx.io, [refused]);
            ctx.exitCode = EXIT_USAGE;
            return;
          }
        }
        const loaded = await loadSite(root, defaultsDirFor(root));
        const explainer = await createExplainer(root);
        if (!loaded.site || !explainer.ok) {
          printDiagnostics(ctx.io, explainer.ok ? loaded.diagnostics : explainer.diagnostics);
          ctx.io.err("qr needs an instance that builds: fix the errors above first");
          ctx.exitCode = EXIT_PROBLEMS;
          return;
        }
        const answer = await qrAnswer({
          explain: explainer.explain,
          slug,
          baseUrl: loaded.site.base_url,
          hosts: instanceHosts(loaded.site.base_url, loaded.domains),
          domain: opts.domain,
          private: opts.private,
        });
        if ("miss" in answer) {
          ctx.io.err(`shortlinks qr: no link answers ${answer.miss}`);
          ctx.exitCode = EXIT_PROBLEMS;
          return;
        }
        if ("problem" in answer) {
          if (answer.usage) ctx.io.err(formatDiagnostic(answer.problem));
          else printDiagnostics(ctx.io, [answer.problem]);
          ctx.exitCode = answer.usage ? EXIT_USAGE : EXIT_PROBLEMS;
          return;
        }
        const { e, url } = answer;
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
        if (e.effective_state !== "active" && e.effective_state !== null)
          ctx.io.err(`note: ${e.match.slug} is ${e.effective_state} now (${e.outcome.status})`);
        if (opts.svg !== undefined) {
          await writeFileAtomic(resolve(opts.svg), qrSvg(url)! + "\n");
          ctx.io.out(`wrote ${opts.svg}: QR code of ${url}`);
        } else {
          ctx.io.out(renderUnicodeCompact(url, { ecc: "M", border: 2 }));
          ctx.io.out(url);
        }
        ctx.exitCode = EXIT_OK;
      },
    );
}

/** An SVG that `qr --svg` wrote: exactly the bytes it writes for the URL its label names. */
function isQrSvg(bytes: Buffer): boolean {
  const text = bytes.toString("utf8");
  const label = /^<svg [^>]*aria-label="QR code: ([^"]*)"/.exec(text)?.[1];
  if (label === undefined) return false;
  const svg = qrSvg(decodeHTML(label)); // null: no QR code holds the label, so not ours
  return svg !== null && text === svg + "\n";
}
