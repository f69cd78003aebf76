/**
 * `shortlinks explain`: the resolution trace of one request, computed by the engine the worker
 * answers with (runtime/engine/answer.ts) over the compiled instance, in memory.
 */
import { compileInstance } from "../../stages/compile.js";
import { errorsIn, type Diagnostic } from "../../shared/diagnostics.js";
import { answerRequest } from "../../../runtime/engine/answer.js";
import { filesInstance, hostsOf, instanceForHost } from "../../shared/memory-instance.js";
import { asciiHost } from "../../stages/1-sources/site/domains.js";
import type { Check } from "../../../runtime/resolve.js";
import type {
  LinkKind,
  LinkRecord,
  RemainderMode,
  SiteConfig,
} from "../../../runtime/contract/index.js";
import { unlistedHost } from "../../../runtime/engine/hosts.js";
import { assetFiles } from "../../stages/5-bundle/output-files.js";
import type { RawRow } from "../../stages/1-sources/links/raw-row.js";
import { printable } from "../../shared/printable.js";
import type { EdgeFacts } from "../../../runtime/link-routes/facts.js";
import { namedRequest, type NamedFacts } from "../../../runtime/link-routes/named-facts.js";
import { describeNamedFacts } from "./named-facts.js";
import { explainRoutes, formatRoutes, type RoutesExplanation } from "./routes-trace.js";
import { appendAll } from "../../shared/lists.js";

export interface ExplainOptions {
  root: string;
  path: string;
  at?: Date;
  method?: string;
  headers?: Record<string, string>;
  /** The request facts routes read (country, lang, ua, query, split draw, ...): docs/routes.md. */
  facts?: NamedFacts;
  /** `request.cf` as Cloudflare would set it (the request-case runners give it this way). */
  edge?: EdgeFacts;
  /**
   * The person signed in to the path's private zone (`--as EMAIL`); without it the visitor has no
   * token. `{}`: a member whose token carries no e-mail (a service token).
   */
  as?: { email?: string };
  /** The host the request is for (docs/domains.md); the default host without it. */
  domain?: string;
}

export interface Explanation {
  path: string;
  /** The host answered as, when site.yaml lists domains (or one was named). */
  host?: string;
  method: string;
  at: string;
  normalized: string | null;
  match:
    | null
    | ({
        kind: LinkKind;
        slug: string;
        file: string;
        line: number;
        /** Placeholder links: each placeholder's value, decoded once, case kept. */
        params?: Record<string, string>;
        /** Splat links: what happens to the rest of the path when the target has no `:splat`. */
        remainder?: RemainderMode;
      } & About);
  effective_state: string | null;
  schedule_label: string | null;
  /** The request facts given, as named (absent when none were). */
  facts?: NamedFacts;
  /** A link with routes: route by route, what decided (docs/routes.md). */
  routes: RoutesExplanation | null;
  /** The private zone the path lies in (docs/private-links.md); absent outside every zone. */
  zone?: string;
  /** Inside a zone, who the answer is for: the e-mail of `--as`, "" for a token without one, null for no one signed in. */
  as?: string | null;
  outcome: { status: number; location?: string; page?: string };
  headers: Record<string, string>;
  event: null | { kind: string; [key: string]: unknown };
  checks: Check[];
}

/** What the link is for a person, as its source says: the fields stats shows, and a successor. */
type About = Partial<Pick<LinkRecord, (typeof ABOUT)[number]>>;
const ABOUT = ["title", "owner", "tags", "description", "notes", "successor"] as const;

/** The trace's name for each: `description` reads as "about" to stay in the column. */
const ABOUT_LABEL: Record<(typeof ABOUT)[number], string> = {
  title: "title",
  owner: "owner",
  tags: "tags",
  description: "about",
  notes: "notes",
  successor: "successor",
};

function aboutOf(link: LinkRecord | undefined): About {
  const about: Record<string, unknown> = {};
  for (const field of ABOUT) if (link?.[field] !== undefined) about[field] = link[field];
  return about as About;
}

export type Explainer =
  | {
      ok: true;
      /** The hosts the instance answers on, the default first. */
      hosts: string[];
      explain(request: Omit<ExplainOptions, "root">): Promise<Explanation>;
    }
  | { ok: false; diagnostics: Diagnostic[] };

/**
 * Compiles the instance once (with `extraRows` as if they were in its sources, as `import` checks
 * rows before writing them); each explain then runs the worker's own code over it.
 */
export async function createExplainer(
  root: string,
  options: { extraRows?: RawRow[] } = {},
): Promise<Explainer> {
  const compiled = await compileInstance({ root, skipBundle: true, extraRows: options.extraRows });
  if (!compiled.files) return { ok: false, diagnostics: errorsIn(compiled.diagnostics) };
  const { instance: whole, env } = await filesInstance(assetFiles(compiled.files));
  const listsHosts = whole.site.domains !== undefined;
  const bySource = new Map(compiled.links.map((link) => [`${link.file}:${link.line}`, link]));
  return {
    ok: true,
    hosts: hostsOf(whole.site),
    async explain(options) {
      const at = options.at ?? new Date();
      const path = options.path.startsWith("/") ? options.path : "/" + options.path;
      const host =
        options.domain === undefined ? undefined : (asciiHost(options.domain) ?? options.domain);
      const data = await instanceForHost(whole, host);
      const origin = data === null ? `https://${host}` : new URL(data.site.base_url).origin;
      const method = (options.method ?? "GET").toUpperCase();
      const named = namedRequest(origin, path, options.facts ?? {}, method);
      const headers = new Headers(named.request.headers);
      for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
      const request = new Request(named.request, { headers });
      if (data === null) return unlisted({ request, path, site: whole.site, at });
      const given = {
        ...named.given,
        edge: { ...options.edge, ...named.given.edge },
        ...(options.as ? { as: options.as } : {}),
      };
      const { resolution, response, event } = await answerRequest(request, env, data, at, given);
      const { outcome } = resolution;
      return {
        path,
        ...(listsHosts || host !== undefined ? { host: new URL(data.site.base_url).hostname } : {}),
        method: resolution.method,
        at: at.toISOString(),
        normalized: resolution.normalized,
        match: resolution.match && {
          kind: resolution.match.kind,
          slug: resolution.match.slug,
          file: resolution.match.file,
          line: resolution.match.line,
          ...(resolution.match.params ? { params: resolution.match.params } : {}),
          ...(resolution.link?.kind === "splat" || resolution.link?.key.endsWith("/*")
            ? { remainder: resolution.link.remainder ?? "append" }
            : {}),
          ...aboutOf(bySource.get(`${resolution.match.file}:${resolution.match.line}`)),
        },
        effective_state: resolution.effective_state,
        schedule_label: resolution.schedule_label,
        ...(options.facts && Object.keys(options.facts).length > 0 ? { facts: options.facts } : {}),
        routes:
          resolution.route && resolution.link?.routes
            ? explainRoutes(resolution.route, resolution.link.routes)
            : null,
        ...(resolution.zone === null
          ? {}
          : { zone: resolution.zone, as: options.as ? (options.as.email ?? "") : null }),
        outcome: {
          status: response.status,
          ...(response.headers.has("location")
            ? { location: response.headers.get("location") as string }
            : {}),
          ...(outcome.type === "page" ? { page: outcome.page } : {}),
          ...(outcome.type === "preview" ? { page: "preview" as const } : {}),
        },
        headers: Object.fromEntries(response.headers),
        event: event ? { ...event } : null,
        checks: resolution.checks,
      };
    },
  };
}

/** What the worker answers a host it does not list: a plain 404, before any link or event. */
function unlisted(input: {
  request: Request;
  path: string;
  site: SiteConfig;
  at: Date;
}): Explanation {
  const { request, path, site, at } = input;
  const url = new URL(request.url);
  const response = unlistedHost(request, site);
  return {
    path,
    host: url.hostname,
    method: request.method,
    at: at.toISOString(),
    normalized: null,
    match: null,
    effective_state: null,
    schedule_label: null,
    routes: null,
    outcome: { status: response.status },
    headers: Object.fromEntries(response.headers),
    event: null,
    checks: [{ step: "host", ok: false, detail: `${url.hostname} is not a host of this instance` }],
  };
}

/** The trace as a person reads it: the path asked for and the answer's headers with controls escaped. */
export function formatExplanation(e: Explanation): string[] {
  const lines = [`${e.method} ${e.path}${e.host ? ` on ${e.host}` : ""}  (at ${e.at})`];
  if (e.facts) lines.push(`  facts      ${describeNamedFacts(e.facts)}`);
  for (const c of e.checks) lines.push(`  ${c.ok ? "✓" : "✗"} ${c.step.padEnd(9)} ${c.detail}`);
  if (e.match)
    lines.push(
      `  match      ${e.match.kind} ${e.match.slug}  ${e.match.file}:${e.match.line}${e.match.remainder ? `  (remainder: ${e.match.remainder})` : ""}`,
    );
  for (const [name, value] of Object.entries(e.match?.params ?? {}))
    lines.push(`    :${name.padEnd(8)} ${JSON.stringify(value)}`);
  for (const field of ABOUT) {
    const value = e.match?.[field];
    if (value !== undefined)
      lines.push(
        `  ${ABOUT_LABEL[field].padEnd(10)} ${Array.isArray(value) ? value.join(", ") : value}`,
      );
  }
  if (e.zone !== undefined)
    lines.push(
      `  zone       ${e.zone} (private) ${e.as ? `as ${e.as}` : e.as === "" ? "as a token without e-mail" : "with no one signed in: --as EMAIL shows a person's answer"}`,
    );
  if (e.effective_state)
    lines.push(
      `  state      ${e.effective_state}${e.schedule_label ? `  (schedule ${e.schedule_label})` : ""}`,
    );
  if (e.routes && e.match) appendAll(lines, formatRoutes(e.routes, e.match.file));
  lines.push(
    `  => ${e.outcome.status}${e.outcome.location ? ` ${e.outcome.location}` : ""}${e.outcome.page ? `  page ${e.outcome.page}` : ""}`,
  );
  for (const [name, value] of Object.entries(e.headers)) lines.push(`     ${name}: ${value}`);
  lines.push(`  event      ${e.event ? e.event.kind : "none"}`);
  return lines.map(printable);
}
