/** `_headers` matching at build time: the runtime's own implementation, so both read rules alike. */
import { headersFor } from "../../../../runtime/http/headers.js";
import type { HeaderRule } from "../../../../runtime/contract/index.js";

export { matchesPattern } from "../../../../runtime/http/headers.js";

/** The headers a path gets: per matching rule in order, unset removes, set joins with ", ". */
export function applyRules(
  rules: readonly Pick<HeaderRule, "pattern" | "set" | "unset">[],
  path: string,
): Map<string, string> {
  const headers = new Map<string, string>();
  for (const [name, value] of headersFor(rules, path)) if (value !== null) headers.set(name, value);
  return headers;
}
