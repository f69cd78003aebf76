/**
 * Cloudflare's `_redirects` matcher, written from its documentation and its parser and matcher
 * source, never from shortlinks: what Cloudflare answers for a path.
 *   [docs]    developers.cloudflare.com/workers/static-assets/redirects/: default status 302;
 *             "Splats": `*` greedily matches all characters, used as `:splat`; "Placeholders":
 *             `:name` matches one segment and is used as `:name` in the destination
 *   [parser]  cloudflare/workers-sdk, packages/workers-shared/utils/configuration/parseRedirects.ts:
 *             lines trimmed, `#` comments (a token starting with `#` from the third on ends the
 *             line), 2 or 3 tokens, statuses 200/301/302/303/307/308, a relative or https://
 *             destination, the first rule for a source applies; rules before the first one with
 *             `*` or a placeholder are static
 *   [matcher] packages/workers-shared/asset-worker/src/utils/rules-engine.ts: static rules by exact
 *             pathname first, then the others in file order, each an anchored regexp over the
 *             pathname (`*` -> `(?<splat>.*)`, `:name` -> `(?<name>[^/]+)`); the destination's
 *             `:name` replaced whole (an unknown one stays); a relative destination with repeated
 *             `/` collapsed; the request's query kept unless the destination has its own
 */

export interface CloudflareRule {
  line: number;
  from: string;
  to: string;
  status: number;
  static: boolean;
  regexp: RegExp | null;
}

export interface CloudflareAnswer {
  line: number;
  status: number;
  /** Absolute, relative destinations resolved on `origin`; absent for a 200 rewrite. */
  location?: string;
}

const STATUSES = new Set([200, 301, 302, 303, 307, 308]);
const PLACEHOLDER = /:([A-Za-z]\w*)/g;
const ESCAPE = /[-/\\^$*+?.()|[\]{}]/g;

export function cloudflareRules(text: string): CloudflareRule[] {
  const rules: CloudflareRule[] = [];
  const seen = new Set<string>();
  let canBeStatic = true;
  text.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    let tokens = line.split(/\s+/);
    const comment = tokens.findIndex((t, n) => n >= 2 && t.startsWith("#"));
    if (comment !== -1) tokens = tokens.slice(0, comment);
    if (tokens.length < 2 || tokens.length > 3) return;
    const [rawFrom, to, rawStatus = "302"] = tokens;
    if (!rawFrom.startsWith("/")) return; // host rules: not used in these cases
    const from = new URL(rawFrom, "https://placeholder.invalid").pathname;
    const dynamic = from.includes("*") || /:[A-Za-z]\w*/.test(from);
    const isStatic = canBeStatic && !dynamic;
    if (!isStatic) canBeStatic = false;
    if (!to.startsWith("/") && !to.startsWith("https://")) return;
    const status = Number(rawStatus);
    if (!STATUSES.has(status)) return;
    if (seen.has(from)) return;
    seen.add(from);
    rules.push({ line: i + 1, from, to, status, static: isStatic, regexp: regexpOf(from) });
  });
  return rules;
}

function regexpOf(from: string): RegExp | null {
  const body = from
    .split("*")
    .map((part) => part.replace(ESCAPE, "\\$&"))
    .join("(?<splat>.*)")
    .replace(PLACEHOLDER, (_, name: string) => `(?<${name}>[^/]+)`);
  try {
    return new RegExp(`^${body}$`);
  } catch {
    return null; // a name used twice: the platform drops the rule
  }
}

/** What Cloudflare answers `pathAndQuery` with, or null for no rule (its 404 or a file). */
export function cloudflareAnswer(
  rules: readonly CloudflareRule[],
  pathAndQuery: string,
  origin: string,
): CloudflareAnswer | null {
  const url = new URL(pathAndQuery, origin);
  const path = url.pathname;
  let rule = rules.find((r) => r.static && r.from === path);
  let groups: Record<string, string> = {};
  if (!rule)
    for (const candidate of rules) {
      if (candidate.static || !candidate.regexp) continue;
      const found = candidate.regexp.exec(path);
      if (!found) continue;
      rule = candidate;
      groups = found.groups ?? {};
      break;
    }
  if (!rule) return null;
  if (rule.status === 200) return { line: rule.line, status: 200 };
  let to = rule.to.replace(PLACEHOLDER, (whole, name: string) => groups[name] ?? whole).trim();
  if (!/^\w+:\/\//.test(to)) to = to.replace(/\/+/g, "/");
  const location = new URL(to, origin);
  if (url.search && !location.search) location.search = url.search;
  return { line: rule.line, status: rule.status, location: location.href };
}
