/**
 * Request facts as `explain` takes them on its command line (docs/routes.md, "Trying a
 * request"), and as messages show them.
 */
import type { NamedFacts } from "../../../runtime/link-routes/named-facts.js";
import { namedFactsProblem } from "../../../runtime/link-routes/named-facts.js";

/** The options of `explain` that name request facts, as commander gives them. */
export interface FactOptions {
  country?: string;
  continent?: string;
  region?: string;
  asn?: string;
  timezone?: string;
  ip?: string;
  lang?: string;
  ua?: string;
  query?: string[];
  splitDraw?: string;
}

/** The facts, or why they cannot be a request's. */
export function namedFactsOf(options: FactOptions): { facts: NamedFacts } | { problem: string } {
  const facts: NamedFacts = {};
  for (const key of ["country", "continent", "region", "timezone", "ip", "lang", "ua"] as const)
    if (options[key] !== undefined) facts[key] = options[key];
  if (options.asn !== undefined) {
    const asn = /^(AS)?\d{1,10}$/i.test(options.asn)
      ? Number(options.asn.replace(/^AS/i, ""))
      : NaN;
    if (Number.isNaN(asn))
      return { problem: `--asn must be a number such as 13335, got "${options.asn}"` };
    facts.asn = asn;
  }
  for (const pair of options.query ?? []) {
    const eq = pair.indexOf("=");
    if (eq <= 0) return { problem: `--query takes KEY=VALUE, got "${pair}"` };
    const [key, value] = [pair.slice(0, eq), pair.slice(eq + 1)];
    const query = (facts.query ??= {});
    const had = query[key];
    query[key] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  if (options.splitDraw !== undefined) {
    const draw = /^(0(\.\d+)?|\.\d+)$/.test(options.splitDraw) ? Number(options.splitDraw) : NaN;
    if (Number.isNaN(draw))
      return {
        problem: `--split-draw takes a number from 0 up to (not including) 1, got "${options.splitDraw}"`,
      };
    facts.split_draw = draw;
  }
  const problem = namedFactsProblem(facts);
  return problem ? { problem: problem.replace("split_draw", "--split-draw") } : { facts };
}

/** `country FR, lang "fr", query ref=nl` */
export function describeNamedFacts(facts: NamedFacts): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(facts)) {
    if (key === "query")
      for (const [name, v] of Object.entries(value as Record<string, string | string[]>))
        for (const one of Array.isArray(v) ? v : [v]) parts.push(`query ${name}=${one}`);
    else if (key === "lang" || key === "ua") parts.push(`${key} ${JSON.stringify(value)}`);
    else parts.push(`${key.replace("_", " ")} ${String(value)}`);
  }
  return parts.join(", ");
}
