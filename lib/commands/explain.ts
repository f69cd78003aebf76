import type { Command } from "commander";
import { createExplainer, formatExplanation } from "../engines/explain/explain.js";
import { namedFactsOf, type FactOptions } from "../engines/explain/named-facts.js";
import { printDiagnostics, type CommandContext } from "./context.js";
import { parseRoot } from "./arguments.js";
import { AT_USAGE, atTime } from "./at-time.js";
import { printable, printableJson } from "../shared/printable.js";
import { asciiHost } from "../stages/1-sources/site/domains.js";
import { EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE } from "../shared/exit-codes.js";

const collect = (value: string, previous: string[] = []) => [...previous, value];

interface ExplainFlags extends FactOptions {
  root: string;
  at?: string;
  method: string;
  domain?: string;
  json?: boolean;
  as?: string;
}

export function registerExplain(program: Command, ctx: CommandContext): void {
  program
    .command("explain <path>")
    .description(
      "show how the runtime resolves a path: normalisation, match, schedule and state, routes, target checks, response, event",
    )
    .option("--root <dir>", "instance folder", parseRoot, ".")
    .option(
      "--at <iso-time>",
      "evaluate schedules and routes at this time (ISO 8601 with an offset)",
    )
    .option("--method <method>", "request method", "GET")
    .option("--country <code>", "the visitor's country (request.cf.country), such as FR")
    .option("--region <code>", "the visitor's region, ISO 3166-2 such as US-TX")
    .option("--continent <code>", "the visitor's continent (request.cf.continent), such as EU")
    .option("--asn <number>", "the visitor's network (request.cf.asn), such as 13335")
    .option("--timezone <zone>", "the visitor's time zone (request.cf.timezone), for tz: visitor")
    .option("--ip <address>", "the client IP (CF-Connecting-IP)")
    .option("--lang <accept-language>", "an Accept-Language value, such as 'fr-CH, fr;q=0.9'")
    .option("--ua <user-agent>", "a User-Agent")
    .option("--query <key=value>", "a query parameter added to the path (repeatable)", collect)
    .option(
      "--split-draw <number>",
      "the split's random draw, from 0 up to 1 (default: the first variant)",
    )
    .option("--domain <host>", "the host the request is for (default: the instance's default host)")
    .option("--json", "print the trace as JSON")
    .option(
      "--as <email>",
      "inside a private zone: answer as this person, signed in through Cloudflare Access",
    )
    .action(async (path: string, opts: ExplainFlags) => {
      const at = opts.at === undefined ? undefined : atTime(opts.at);
      if (at === null) {
        ctx.io.err(`shortlinks explain: ${AT_USAGE}, got "${opts.at}"`);
        ctx.exitCode = EXIT_USAGE;
        return;
      }
      const facts = namedFactsOf(opts);
      if ("problem" in facts) {
        ctx.io.err(`shortlinks explain: ${facts.problem}`);
        ctx.exitCode = EXIT_USAGE;
        return;
      }
      if (opts.as !== undefined && !/^[^\s@]+@[^\s@]+$/.test(opts.as)) {
        ctx.io.err(`shortlinks explain: --as takes an e-mail address, got "${opts.as}"`);
        ctx.exitCode = EXIT_USAGE;
        return;
      }
      const explainer = await createExplainer(opts.root);
      if (!explainer.ok) {
        printDiagnostics(ctx.io, explainer.diagnostics);
        ctx.io.err("explain needs an instance that builds: fix the errors above first");
        ctx.exitCode = EXIT_PROBLEMS;
        return;
      }
      const host = opts.domain === undefined ? undefined : asciiHost(opts.domain);
      if (host !== undefined && (host === null || !explainer.hosts.includes(host))) {
        ctx.io.err(
          `shortlinks explain: --domain ${printable(opts.domain ?? "")} is not a host of this instance (${explainer.hosts.join(", ")})`,
        );
        ctx.exitCode = EXIT_USAGE;
        return;
      }
      const explanation = await explainer.explain({
        path,
        at,
        method: opts.method.toUpperCase(),
        facts: facts.facts,
        ...(opts.as === undefined ? {} : { as: { email: opts.as } }),
        domain: host,
      });
      if (opts.json) ctx.io.out(printableJson(explanation));
      else for (const line of formatExplanation(explanation)) ctx.io.out(line);
      ctx.exitCode = EXIT_OK;
    });
}
