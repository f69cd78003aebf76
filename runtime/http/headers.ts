/**
 * Applies the header rules compiled from `_headers` (defaults, then custom) to a response the
 * worker returns. Per matching rule in order: `unset` removes what earlier rules set, `set`
 * values join with ", " when several rules set one header. A header the worker set on purpose
 * (Cache-Control, Location, Allow, Retry-After, CORS) is kept: rules are the defaults around it,
 * as on Cloudflare, where `_headers` never touches a worker's own response. Asset responses that
 * already carry the rules' values are not doubled. Last, the mandatory controls (mandatory.ts)
 * are applied over everything, rules and the worker's own headers alike: computed once per set
 * of matching rules, so a response costs one object merge more.
 */
import type { HeaderRule } from "../contract/index.js";
import { mandatoryValues } from "./mandatory.js";

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
      .map((part) =>
        part === "*"
          ? ".*"
          : part.startsWith(":")
            ? "[^/]+"
            : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
      )
      .join("");
    regex = new RegExp(`^${source}$`);
    compiled.set(pattern, regex);
  }
  return regex.test(path);
}

type RuleLike = Pick<HeaderRule, "pattern" | "set" | "unset">;

/** What the worker applies to every answer: the compiled rules and the mandatory controls. */
export interface HeaderPolicy {
  header_rules: readonly RuleLike[];
  /** Lower-case header -> the product's value (site config `mandatory_headers`). */
  mandatory_headers: Readonly<Record<string, string>>;
}

/** A pattern as a test: plain equality or a prefix for the common shapes, the regex otherwise. */
function matcherOf(pattern: string): (path: string) => boolean {
  const path = pattern.replace(/^https?:\/\/[^/]*/, "");
  if (!/[*:]/.test(path)) return (p) => p === path;
  const prefix = path.slice(0, -1);
  if (path.endsWith("/*") && !/[*:]/.test(prefix))
    return (p) => p.startsWith(prefix) && !p.includes("\n");
  return (p) => matchesPattern(pattern, p);
}

/** The merged headers of one set of matching rules, as a map and as a record plus removals. */
interface Merged {
  map: ReadonlyMap<string, string | null>;
  set: Readonly<Record<string, string>>;
  unset: readonly string[];
  /** The mandatory controls for this set of rules, applied last (empty without a policy). */
  mandatory: Readonly<Record<string, string>>;
}

interface CompiledRules {
  matchers: ((path: string) => boolean)[];
  /** Per set of matching rules (a few sets in practice). */
  merged: Map<string, Merged>;
}
const COMPILED_RULES = new WeakMap<object, CompiledRules>();
const NO_MANDATORY: Readonly<Record<string, string>> = {};
const MERGED_LIMIT = 256;

/**
 * The headers the rules give `path`: a value to set, or null to remove. Read-only: the result is
 * shared by every path that matches the same rules.
 */
export function headersFor(
  rules: readonly RuleLike[],
  path: string,
): ReadonlyMap<string, string | null> {
  return mergedFor(rules, NO_MANDATORY, rules, path).map;
}

/** `key` identifies the cache: the policy object, or the rules array when there is none. */
function mergedFor(
  rules: readonly RuleLike[],
  references: Readonly<Record<string, string>>,
  key: object,
  path: string,
): Merged {
  let compiledRules = COMPILED_RULES.get(key);
  if (!compiledRules) {
    compiledRules = { matchers: rules.map((rule) => matcherOf(rule.pattern)), merged: new Map() };
    COMPILED_RULES.set(key, compiledRules);
  }
  let signature = "";
  for (let i = 0; i < rules.length; i++) if (compiledRules.matchers[i](path)) signature += `${i},`;
  let merged = compiledRules.merged.get(signature);
  if (!merged) {
    const map = mergeRules(rules.filter((_, i) => compiledRules.matchers[i](path)));
    const set: Record<string, string> = {};
    const unset: string[] = [];
    for (const [name, value] of map)
      if (value === null) unset.push(name);
      else set[name] = value;
    const mandatory = references === NO_MANDATORY ? NO_MANDATORY : mandatoryValues(map, references);
    merged = { map, set, unset, mandatory };
    if (compiledRules.merged.size >= MERGED_LIMIT) compiledRules.merged.clear();
    compiledRules.merged.set(signature, merged);
  }
  return merged;
}

/** Per rule in order: `unset` removes what earlier rules set, `set` values join with ", ". */
function mergeRules(matching: readonly RuleLike[]): Map<string, string | null> {
  const result = new Map<string, string | null>();
  for (const rule of matching) {
    for (const name of rule.unset) result.set(name.toLowerCase(), null);
    for (const [name, value] of Object.entries(rule.set)) {
      const key = name.toLowerCase();
      const before = result.get(key);
      result.set(key, before ? `${before}, ${value}` : value);
    }
  }
  return result;
}

/** An answer not yet made into a Response: the hot paths build their Response only once. */
export interface Draft {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string | null;
  /** The miss 404: the request's correlation id is filled in as it is sent (withReference). */
  reference?: true;
}

/**
 * `own` headers (lower-case names) with the rules for `path` applied: the worker's own headers
 * win over what the rules set, the rules' removals apply to both, and HTML is kept untransformed.
 */
function headersWithRules(
  own: Readonly<Record<string, string>>,
  policy: HeaderPolicy,
  path: string,
): Record<string, string> {
  const merged = mergedFor(policy.header_rules, policy.mandatory_headers, policy, path);
  const headers: Record<string, string> = { ...merged.set, ...own };
  for (const name of merged.unset) delete headers[name];
  const cache = htmlCacheControl(headers["content-type"], headers["cache-control"]);
  if (cache) headers["cache-control"] = cache;
  return Object.assign(headers, merged.mandatory);
}

/**
 * The final Response for `answer` with the rules for `path` applied; `head` drops the body.
 * Headers are merged in a plain object and the Response is built in one constructor call: in
 * workerd every Headers call crosses into the runtime, and a record initialiser is about three
 * times cheaper than an array of pairs.
 */
export function withHeaderRules(
  answer: Response | Draft,
  policy: HeaderPolicy,
  path: string,
  head = false,
): Response {
  if (!(answer instanceof Response)) return finishDraft(answer, policy, path, head).response;
  const own = ownHeaders(answer);
  if (!own) return withRulesOnPairs(answer, policy, path, head);
  const headers = headersWithRules(own, policy, path);
  return new Response(head ? null : answer.body, {
    status: answer.status,
    statusText: answer.statusText,
    headers,
  });
}

/**
 * `draft` with the rules for `path` applied (`sent`; `head` drops the body), and its Response.
 * `reference` fills a draft marked to receive the request's correlation id (a miss 404,
 * responses.ts withReference) into the Response only: `sent` stays without it, so the answer cache
 * fills each visitor's own. One Response either way.
 */
export function finishDraft(
  draft: Draft,
  policy: HeaderPolicy,
  path: string,
  head = false,
  reference?: (sent: Draft) => Draft,
): { sent: Draft; response: Response } {
  const headers = headersWithRules(draft.headers, policy, path);
  const sent: Draft = { status: draft.status, headers, body: head ? null : draft.body };
  if (draft.reference) sent.reference = true;
  const out = draft.reference && reference ? reference(sent) : sent;
  return { sent, response: new Response(out.body, { status: out.status, headers: out.headers }) };
}

/** A Response's headers as a record, or null when it sets cookies (which must stay separate). */
function ownHeaders(response: Response): Record<string, string> | null {
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") return null;
    headers[name] = value;
  }
  return headers;
}

/** The general form, for the rare response with Set-Cookie headers (an asset could carry them). */
function withRulesOnPairs(
  response: Response,
  policy: HeaderPolicy,
  path: string,
  head: boolean,
): Response {
  const out = new Response(head ? null : response.body, response);
  const merged = mergedFor(policy.header_rules, policy.mandatory_headers, policy, path);
  for (const [name, value] of merged.map) {
    if (value === null) out.headers.delete(name);
    else if (!out.headers.has(name)) out.headers.set(name, value);
  }
  const cache = htmlCacheControl(
    out.headers.get("content-type") ?? undefined,
    out.headers.get("cache-control") ?? undefined,
  );
  if (cache) out.headers.set("cache-control", cache);
  for (const [name, value] of Object.entries(merged.mandatory)) out.headers.set(name, value);
  return out;
}

/** HTML is never transformed on the way out: the Cache-Control it needs, or null if it has it. */
function htmlCacheControl(type: string | undefined, cache: string | undefined): string | null {
  if (!type?.startsWith("text/html")) return null;
  if (!cache) return "no-cache, no-transform";
  return /no-transform/i.test(cache) ? null : `${cache}, no-transform`;
}
