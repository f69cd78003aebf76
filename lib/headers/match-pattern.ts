/**
 * `_headers` path patterns as Cloudflare reads them: `*` matches anything (including `/`),
 * `:name` matches one segment. An absolute-URL pattern is matched on its path only.
 */
const cache = new Map<string, RegExp>();

export function matchesPattern(pattern: string, path: string): boolean {
  let re = cache.get(pattern);
  if (!re) {
    const pathPart = pattern.replace(/^https?:\/\/[^/]*/, "");
    const source = pathPart
      .split(/(\*|:[A-Za-z_][A-Za-z0-9_]*)/)
      .map((part) =>
        part === "*" ? ".*" : part.startsWith(":") && part.length > 1 ? "[^/]+" : escape(part),
      )
      .join("");
    re = new RegExp(`^${source}$`);
    cache.set(pattern, re);
  }
  return re.test(path);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The headers a path gets: per matching rule in order, unset removes, set joins with ", ". */
export function applyRules(
  rules: readonly { pattern: string; set: Record<string, string>; unset: string[] }[],
  path: string,
): Map<string, string> {
  const headers = new Map<string, string>();
  for (const rule of rules) {
    if (!matchesPattern(rule.pattern, path)) continue;
    for (const name of rule.unset) headers.delete(name.toLowerCase());
    for (const [name, value] of Object.entries(rule.set)) {
      const key = name.toLowerCase();
      const previous = headers.get(key);
      headers.set(key, previous === undefined ? value : `${previous}, ${value}`);
    }
  }
  return headers;
}
