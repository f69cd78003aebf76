import type { Command } from "commander";
import { ANALYTICS_KEYS, parseAnalyticsConfig } from "../../runtime/analytics/index.js";
import { answerText } from "../engines/analytics/answer-text.js";
import { sendTestEvents } from "../engines/analytics/send-test-events.js";
import { loadServeVars } from "../engines/serve/load-vars.js";
import { printDiagnostics, type CommandContext } from "./context.js";
import { parseRoot } from "./arguments.js";
import { refuseMisshapen } from "./misshapen.js";
import { WRANGLER_CONFIG } from "../shared/paths.js";
import { EXIT_OK, EXIT_PROBLEMS } from "../shared/exit-codes.js";

const ANALYTICS_VARS: ReadonlySet<string> = new Set(ANALYTICS_KEYS);

/**
 * The instance's variables (custom/vars.yaml, .dev.vars), then the shell's environment on top;
 * only those the runtime reads (never PROVIDER_B_API_TOKEN).
 */
function analyticsEnv(root: string): {
  env: Record<string, string>;
  sources: string[];
  problems: ReturnType<typeof loadServeVars>["diagnostics"];
} {
  const loaded = loadServeVars(root, { vars: {} });
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(loaded.vars))
    if (ANALYTICS_VARS.has(name)) env[name] = String(value);
  for (const [name, value] of Object.entries(process.env))
    if (ANALYTICS_VARS.has(name) && value !== undefined) env[name] = value;
  return {
    env,
    sources: loaded.sources.filter((s) => s !== WRANGLER_CONFIG),
    problems: loaded.diagnostics,
  };
}

export function registerAnalytics(program: Command, ctx: CommandContext): void {
  const analytics = program.command("analytics").description("analytics helpers for operators");
  analytics
    .command("test")
    .description(
      "send one event of each kind to the configured providers from the worker's own code in workerd, and print what they answered",
    )
    .option("--root <dir>", "instance folder", parseRoot, ".")
    .action(async (opts: { root: string }) => {
      if (await refuseMisshapen(ctx, opts.root)) return;
      const { env, sources, problems } = analyticsEnv(opts.root);
      printDiagnostics(ctx.io, problems);
      ctx.io.out(`variables from: ${[...sources, "environment"].join(", ")}`);
      const config = parseAnalyticsConfig(env);
      const configProblems = config.problems;
      for (const line of configProblems) ctx.io.err(line);
      if (config.provider_b && !config.provider_b.collectionKey)
        ctx.io.err(
          "provider_b: PROVIDER_B_COLLECTION_KEY is not set: current Rybbit takes the worker for a browser and likely files its events as bots, even when it answers 200 (docs/analytics.md)",
        );
      const results = await sendTestEvents(env);
      if (results.length === 0)
        ctx.io.out(
          "no provider is enabled (ANALYTICS_PROVIDER is unset or disabled): nothing sent",
        );
      for (const r of results)
        ctx.io.out(
          `${r.provider.padEnd(11)} ${r.event.padEnd(16)} ${r.status === 0 ? "no answer" : r.status}  ${answerText(r.body, env)}`,
        );
      const failed = results.some((r) => r.status < 200 || r.status >= 300);
      ctx.exitCode = configProblems.length > 0 || failed ? EXIT_PROBLEMS : EXIT_OK;
    });
}
