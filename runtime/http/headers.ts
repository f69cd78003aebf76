/**
 * Applies the header rules compiled from `_headers` (defaults, then custom) to a response the
 * worker returns. Per matching rule in order: `unset` removes what earlier rules set, `set`
 * values join with ", " when several rules set one header. A header the worker set on purpose
 * (Cache-Control, Location, Allow, Retry-After, CORS) is kept: rules are the defaults around it,
 * as on Cloudflare, where `_headers` never touches a worker's own response. Asset responses that
 * already carry the rules' values are not doubled.
 */
import type { HeaderRule } from "../types.js";

const compiled = new Map<string, RegExp>();

/**
 * A `_headers` path pattern as Cloudflare reads it: `*` matches anything (including `/`),
 * `:name` matches one segment; an absolute-URL pattern is matched on its path only.
 */
export function matchesPattern(pattern: string, path: string): boolean {
  let regex = compiled.get(pattern);
  if (!regex) {
    const source = pattern
      .replace(/^https?:\/\/[^/]*/, "")
      .split(/(\*|:[A-Za-z_]\w*)/)
      .map((part) => (part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("");
    regex = new RegExp(`^${source}$`);
    compiled.set(pattern, regex);
  }
  return regex.test(path);
}

/** The headers the rules give `path`: a value to set, or null to remove. */
export function headersFor(rules: readonly Pick<HeaderRule, "pattern" | "set" | "unset">[], path: string): Map<string, string | null> {
  const result = new Map<string, string | null>();
  for (const rule of rules) {
    if (!matchesPattern(rule.pattern, path)) continue;
    for (const name of rule.unset) result.set(name.toLowerCase(), null);
    for (const [name, value] of Object.entries(rule.set)) {
      const key = name.toLowerCase();
      const before = result.get(key);
      result.set(key, before ? `${before}, ${value}` : value);
    }
  }
  return result;
}

/** A mutable copy of `response` with the rules for `path` applied and HTML kept untransformed. */
export function withHeaderRules(response: Response, rules: readonly HeaderRule[], path: string): Response {
  const out = new Response(response.body, response);
  for (const [name, value] of headersFor(rules, path)) {
    if (value === null) out.headers.delete(name);
    else if (!out.headers.has(name)) out.headers.set(name, value);
  }
  if ((out.headers.get("content-type") ?? "").startsWith("text/html")) {
    const cache = out.headers.get("cache-control");
    if (!cache) out.headers.set("cache-control", "no-cache, no-transform");
    else if (!/no-transform/i.test(cache)) out.headers.set("cache-control", `${cache}, no-transform`);
  }
  return out;
}
