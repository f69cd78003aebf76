/**
 * `shortlinks init [DIR] [--name N] [--base-url URL]`: a new instance (lib/engines/init/), then its
 * first build, so src/worker.js exists and `check` passes from the first commit.
 */
import { InvalidArgumentError, type Command } from "commander";
import { relative } from "node:path";
import { DEFAULT_BASE_URL, initInstance } from "../engines/init/init-instance.js";
import { packageSpecOf, VENDOR_DIR } from "../engines/init/package-spec.js";
import { countLine, printDiagnostics, type CommandContext } from "./context.js";
import { EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE } from "../shared/exit-codes.js";

function baseUrl(value: string): string {
  if (!/^https?:\/\/[^/]/.test(value) || !URL.canParse(value))
    throw new InvalidArgumentError(
      "expected an absolute http(s) URL such as https://go.example.org",
    );
  const url = new URL(value);
  if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash)
    throw new InvalidArgumentError("expected an origin only, such as https://go.example.org");
  return url.origin;
}

function packageSpec(value: string): string {
  const spec = packageSpecOf(value);
  if (spec === undefined)
    throw new InvalidArgumentError("expected a dependency spec such as 0.2.0 or shortlinks@0.2.0");
  return spec;
}

export function registerInit(program: Command, ctx: CommandContext): void {
  program
    .command("init")
    .description("create a new instance that builds at once, with a CI workflow")
    .argument("[dir]", "folder for the instance (created if missing)", ".")
    .option("--name <name>", "site name shown on pages (default: the folder's name)")
    .option(
      "--base-url <url>",
      `the instance's public origin (default ${DEFAULT_BASE_URL})`,
      baseUrl,
    )
    .option(
      "--package <spec>",
      `the shortlinks the instance installs, e.g. 0.2.0 from the registry (default: this one, packed into ${VENDOR_DIR}/)`,
      packageSpec,
    )
    .action(async (dir: string, opts: { name?: string; baseUrl?: string; package?: string }) => {
      const result = await initInstance({
        dir,
        name: opts.name,
        baseUrl: opts.baseUrl,
        packageSpec: opts.package,
      });
      const where = relative(process.cwd(), result.root) || ".";
      if ("reason" in result) {
        ctx.io.err(`shortlinks init: ${where}: ${result.reason}`);
        ctx.exitCode = EXIT_PROBLEMS;
        return;
      }
      if ("refused" in result) {
        printDiagnostics(ctx.io, [result.refused]);
        ctx.io.err("init wrote nothing");
        ctx.exitCode = EXIT_USAGE;
        return;
      }
      const built = result.built;
      printDiagnostics(ctx.io, built.diagnostics);
      if (!result.ok) {
        ctx.io.err(
          `the first build failed: ${countLine(built.diagnostics)}; init took back what it wrote, nothing was written`,
        );
        ctx.exitCode = EXIT_PROBLEMS;
        return;
      }
      const added = result.gitignoreAdded;
      for (const file of result.created) ctx.io.out(`created ${file}`);
      for (const file of result.kept.filter((f) => f !== ".gitignore" || added.length === 0))
        ctx.io.out(`kept    ${file} (it exists; init never overwrites)`);
      if (added.length > 0)
        ctx.io.out(
          `updated .gitignore: added ${added.join(", ")}, so local secrets and build output stay out of git; your own lines are kept`,
        );
      ctx.io.out(`built ${built.summary.links} link(s) -> ${relative(result.root, built.outDir)}`);
      ctx.io.out(
        [
          "",
          "next:",
          `  cd ${where}`,
          "  npm install                   # shortlinks and wrangler, as package.json pins them",
          "  edit custom/links/links.yaml (or: npx shortlinks add SLUG TARGET)",
          "  npx shortlinks serve          # try it on http://127.0.0.1:8787",
          "  git init && git add -A && git commit -m 'Short links'",
          "  add CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID as repository secrets;",
          "  every push runs check, and main deploys (.github/workflows/shortlinks.yml)",
          ...vendoredNote(result.created),
        ].join("\n"),
      );
      ctx.exitCode = EXIT_OK;
    });
}

/** A vendored tarball is committed with the instance until shortlinks is on the registry. */
function vendoredNote(created: string[]): string[] {
  const tarball = created.find((file) => file.startsWith(`${VENDOR_DIR}/`));
  if (!tarball) return [];
  return [
    "",
    `${tarball} is the shortlinks this instance installs: commit it with the rest.`,
    "Once shortlinks is on the npm registry: npm install -D -E shortlinks@VERSION && git rm -r vendor",
  ];
}
