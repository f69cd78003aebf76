/**
 * How the source platform picks the rule for a path, for the order-dependence check. Cloudflare:
 * the static rules before the first dynamic line are looked up exactly first, then every other
 * rule in file order, first match (workers-sdk rules-engine: `*` is a greedy `.*`, `:name` one
 * non-empty segment, no case or trailing-slash folding). Netlify: first match in file order.
 */
import type { RedirectsFlavour, SourceRule } from "./types.js";

export type SourceMatcher = (path: string) => SourceRule | undefined;

export function sourceMatcher(
  rules: readonly SourceRule[],
  flavour: RedirectsFlavour,
): SourceMatcher {
  const active = rules.filter((r) => r.active);
  const exact = new Map<string, SourceRule>();
  if (flavour === "cloudflare")
    for (const rule of active) if (rule.static && !exact.has(rule.from)) exact.set(rule.from, rule);
  const ordered = active
    .filter((r) => !exact.has(r.from) || exact.get(r.from) !== r)
    .map((rule) => ({ rule, regexp: ruleRegExp(rule.from) }))
    .filter((r): r is { rule: SourceRule; regexp: RegExp } => r.regexp !== undefined);
  return (path) => exact.get(path) ?? ordered.find((r) => r.regexp.test(path))?.rule;
}

const ESCAPE = /[-/\\^$+?.()|[\]{}]/g;

/** The rule as the platform compiles it; undefined where it fails to (two `*`: never matches). */
export function ruleRegExp(from: string): RegExp | undefined {
  const body = from
    .split("*")
    .map((part) =>
      part
        .replace(ESCAPE, "\\$&")
        .replace(/:([A-Za-z]\w*)/g, (_, name: string) => `(?<${name}>[^/]+)`),
    )
    .join("(?<splat>.*)");
  try {
    return new RegExp(`^${body}$`);
  } catch {
    return undefined;
  }
}
