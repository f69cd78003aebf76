/**
 * The one decision: what a request gets. Pure apart from reading links through `LinkSource`
 * (which may load a registry shard). The worker, `shortlinks explain`, `shortlinks check` and
 * the tests page all call this function, so they cannot disagree.
 */
import { effectiveState, retryAfterSeconds, STATE_OUTCOMES } from "./lifecycle.js";
import { foldCase } from "./case-fold.js";
import { foldPathForGuards, normalizePath } from "./normalize.js";
import { isProbe, isPrivateFile } from "./guards.js";
import { chooseLanguage } from "./language.js";
import { isProtectedPath } from "./access/index.js";
import { LOOKUP_ROUTES, POST_PATHS } from "./routes.js";
import { isPagePublished, pageRouteOf } from "./page-routes.js";
import { isShortLinkCandidate } from "./slug.js";
import { staticFileFor } from "./static-files.js";
import { buildLocation } from "./location.js";
import { zoneOfKey } from "./access/zones.js";
import { privateRefusal } from "./private-links.js";
import { clip } from "./analytics/clip.js";
import { matchPlaceholders, type MatchPath } from "./placeholders.js";
import { chooseRoute, Facts } from "./link-routes/choose.js";
import { describeChoice } from "./link-routes/describe.js";
import { previewBotOf } from "./link-routes/preview-bots.js";
import {
  isHtmlPath,
  LANGUAGES,
  LOOKUP_INPUT_MAX,
  type Lang,
  type LinkRecord,
} from "./contract/index.js";
import type { PageId } from "./routes.js";
import type {
  LinkSource,
  Outcome,
  RequestFacts,
  Resolution,
  ResolveContext,
} from "./resolution.js";

export type {
  Check,
  LinkSource,
  Outcome,
  RequestFacts,
  Resolution,
  ResolveContext,
} from "./resolution.js";
export { statusOf } from "./resolution.js";

const PUBLIC_METHODS = "GET, HEAD, OPTIONS";
/** The block category of a scanner probe, as vanityURLs names it. */
export const SCANNER_PROBE = "scanner-probe";
const ENDPOINT_METHODS = "POST, OPTIONS";

export async function resolve(request: RequestFacts, ctx: ResolveContext): Promise<Resolution> {
  // A bare path is taken as a path even when it starts with `//` (never as scheme-relative).
  const url = new URL(
    request.url.startsWith("/") ? "http://request.invalid" + request.url : request.url,
  );
  const method = request.method.toUpperCase();
  // The page language, only for answers that are pages (a redirect never reads Accept-Language):
  // fixed by the path, or negotiated.
  const inLanguage = (fixed?: Lang): { lang: Lang; negotiated?: true } =>
    fixed
      ? { lang: fixed }
      : { lang: chooseLanguage(request.acceptLanguage, ctx.defaultLang), negotiated: true };
  const trace: Resolution = {
    method,
    path: url.pathname,
    normalized: null,
    match: null,
    link: null,
    effective_state: null,
    schedule_label: null,
    route: null,
    zone: null,
    outcome: { type: "plain-404" },
    event: null,
    checks: [],
  };
  const done = (outcome: Outcome, step: string, ok: boolean, detail: string) => {
    trace.checks.push({ step, ok, detail });
    trace.outcome = outcome;
    if (trace.zone !== null && trace.event) trace.event = { ...trace.event, zone: trace.zone };
    return trace;
  };
  // A host with a not-found destination sends its misses there (docs/domains.md); a refused
  // target keeps the 404 page, which names the category it was refused for.
  const notFound = (deny?: string): Outcome =>
    ctx.notFound !== undefined && deny === undefined
      ? { type: "redirect", status: 302, location: ctx.notFound, cacheControl: "no-store" }
      : {
          type: "page",
          page: "not-found",
          ...inLanguage(),
          status: 404,
          ...(deny ? { deny } : {}),
        };
  const pageOf = (page: PageId, fixed?: Lang): Outcome => {
    const prefill = page === "lookup" ? lookupPrefill(url.searchParams.get("slug")) : undefined;
    return {
      type: "page",
      page,
      ...inLanguage(fixed),
      status: 200,
      ...(prefill ? { prefill } : {}),
    };
  };

  // 1. Raw runtime files and scanner probes: plain 404 before anything else.
  const folded = foldPathForGuards(url.pathname);
  if (isPrivateFile(folded))
    return done({ type: "plain-404" }, "guard", false, "private runtime file");
  if (isProbe(folded, ctx.blocklist))
    return done(
      { type: "plain-404", deny: SCANNER_PROBE },
      "guard",
      false,
      "scanner probe (blocklist)",
    );
  trace.checks.push({ step: "guard", ok: true, detail: "not a private file or probe" });

  // 2. Methods.
  const isEndpoint = (POST_PATHS as readonly string[]).includes(url.pathname);
  const allow = isEndpoint ? ENDPOINT_METHODS : PUBLIC_METHODS;
  if (method === "OPTIONS")
    return done(
      { type: "preflight", status: 204, allow, endpoint: isEndpoint },
      "method",
      true,
      "OPTIONS",
    );
  const accepted = isEndpoint ? method === "POST" : method === "GET" || method === "HEAD";
  if (!accepted)
    return done(
      { type: "method-not-allowed", status: 405, allow },
      "method",
      false,
      `${method} not accepted`,
    );
  if (isEndpoint) {
    const endpoint = url.pathname === POST_PATHS[0] ? "lookup-resolve" : "analytics-lookup";
    return done({ type: "endpoint", endpoint }, "method", true, `POST ${url.pathname}`);
  }
  trace.checks.push({ step: "method", ok: true, detail: method });

  // 3. Normalise.
  const normal = normalizePath(url.pathname, ctx.caseSensitive);
  if (!normal.ok) return done(notFound(), "normalize", false, `refused: ${normal.reason}`);
  // With strict trailing slashes, `/x/` keeps its slash: it is another path than `/x`.
  const trailingSlash =
    ctx.strictTrailingSlash === true && normal.segments.length > 0 && url.pathname.endsWith("/");
  trace.normalized = trailingSlash ? normal.path + "/" : normal.path;
  trace.checks.push({ step: "normalize", ok: true, detail: trace.normalized });
  const lowerPath = "/" + foldCase(normal.key);
  if (normal.key === "" && ctx.root !== undefined) {
    trace.event = { kind: "redirect" };
    const cacheControl =
      ctx.redirectMaxAge > 0 ? `public, max-age=${ctx.redirectMaxAge}` : "no-store";
    return done(
      { type: "redirect", status: 302, location: ctx.root, cacheControl },
      "route",
      true,
      `the host's root: ${ctx.root}`,
    );
  }

  // Product surfaces the build keeps clear of every slug.
  const guarded = isProtectedPath(lowerPath, LANGUAGES);
  if (guarded)
    return done({ type: "protected", ...guarded }, "route", true, `protected ${guarded.area}`);
  const lookup = lookupPage(lowerPath);
  if (lookup) {
    trace.event = { kind: "pageview" };
    return done(pageOf("lookup", lookup.lang), "route", true, "lookup page");
  }
  const file =
    staticFileFor(url.pathname, ctx.staticPaths) ?? staticFileFor(normal.path, ctx.staticPaths);
  if (file) {
    trace.event = isHtmlPath(file) ? { kind: "pageview" } : null;
    return done({ type: "static", path: file }, "route", true, "static file");
  }

  // A miss, and every private refusal: the same answer and event, whatever the link.
  const miss = (step: string, detail: string) => {
    const candidate = isShortLinkCandidate(normal.segments, normal.key);
    trace.event = candidate ? { kind: "short-link-miss" } : null;
    return done(notFound(), step, false, candidate ? `${detail} (short-link candidate)` : detail);
  };

  // Private zones: without the zone's verified identity, a path inside it is a miss, looked up or not.
  const zone = ctx.zones && zoneOfKey(normal.key, ctx.zones);
  if (zone) {
    trace.zone = zone.name;
    if (request.identity?.zone !== zone.name)
      return miss("access", `private zone ${zone.name}: no verified identity, answered as a miss`);
    trace.checks.push({
      step: "access",
      ok: true,
      detail: `identity verified for zone ${zone.name}`,
    });
  }

  // A path no link answers may be one of the domain's own pages (docs/pages.md).
  const ownPage = (): Resolution | undefined => {
    const route = pageRouteOf(lowerPath);
    if (!route) return undefined;
    if ("redirect" in route) {
      if (!ctx.staticPaths.has(route.redirect)) return undefined;
      trace.event = null;
      return done(
        { type: "redirect", status: 308, location: route.redirect, cacheControl: "no-store" },
        "route",
        true,
        `no link takes this path: ${route.redirect}`,
      );
    }
    if (!isPagePublished(route.page, ctx.pages)) return undefined;
    trace.event = { kind: "pageview" };
    return done(
      pageOf(route.page, route.lang),
      "route",
      true,
      `no link takes this path: ${route.page} page`,
    );
  };

  // 4-5. Exact link, then placeholder links, then the longest splat prefix.
  const found = await findLink(
    normal.key,
    { values: normal.segments, trailingSlash, strict: ctx.strictTrailingSlash === true },
    ctx.links,
  );
  if (!found) {
    const own = zone ? undefined : ownPage();
    if (own) return own;
    return miss("match", "no link");
  }
  const { link, depth, params } = found;
  trace.link = link;
  trace.match = {
    kind: link.kind,
    slug: link.slug,
    key: link.key,
    file: link.file,
    line: link.line,
  };
  if (params) trace.match.params = params;
  const captured = params
    ? ` ${Object.entries(params)
        .map(([name, value]) => `:${name}=${JSON.stringify(value)}`)
        .join(" ")}`
    : "";
  trace.checks.push({
    step: "match",
    ok: true,
    detail: `${link.kind} ${link.slug} (${link.file}:${link.line})${captured}`,
  });
  if (zone || link.zone !== undefined) {
    const refusal = privateRefusal(link, zone, request.identity);
    if (refusal) return miss("access", `${refusal}: answered as a miss`);
  }

  // 6. Schedule (exact links only) and lifecycle state.
  const state = effectiveState(link, request.now);
  trace.effective_state = state;
  trace.schedule_label = link.kind === "exact" ? (link.schedule?.label ?? null) : null;
  const stateOutcome = STATE_OUTCOMES[state];
  if (stateOutcome.kind === "hidden") {
    // Exactly like no link at all, the domain's own pages included.
    const own = zone ? undefined : ownPage();
    if (own) return own;
    trace.event = { kind: "short-link-miss" };
    return done(notFound(), "state", false, `${state}: answered like a miss`);
  }
  if (stateOutcome.kind === "page") {
    trace.event = { kind: "redirect", redirect_error: `state:${state}` };
    const retryAfter = retryAfterSeconds(link, request.now);
    const successor = state === "retired" ? link.successor : undefined;
    return done(
      {
        type: "page",
        page: stateOutcome.page,
        ...inLanguage(),
        status: stateOutcome.status,
        ...(retryAfter ? { retryAfter } : {}),
        ...(successor !== undefined ? { successor } : {}),
      },
      "state",
      false,
      `${state}: informational page ${stateOutcome.status}${successor !== undefined ? `, pointing to its successor ${successor}` : ""}`,
    );
  }
  trace.checks.push({ step: "state", ok: true, detail: state });

  // Routes: another target by the request's facts and the time (docs/routes.md).
  const routed =
    link.routes && !request.defaultTarget
      ? chooseRoute(link, new Facts(request, url, request.now))
      : null;
  trace.route = routed;
  if (routed) trace.checks.push({ step: "route", ok: true, detail: describeChoice(routed) });

  // 7. Redirect, if the final URL passes the target rules again.
  const remainder = link.kind === "exact" ? [] : normal.segments.slice(depth);
  const location = buildLocation(
    link,
    { remainder, params, trailingSlash },
    url.search,
    ctx.blocklist,
    routed?.target,
    zone && { zone, email: request.identity?.email },
  );
  if (!location.ok) {
    trace.event = { kind: "redirect", redirect_error: location.code };
    return done(
      notFound(location.category),
      "target",
      false,
      `${location.code}: ${location.message} [${location.category}]`,
    );
  }
  // A link with its own card: a link-preview bot gets the card, not the redirect (docs/previews.md).
  if (link.preview && !request.defaultTarget) {
    const bot = previewBotOf(request.userAgent);
    if (bot !== undefined) {
      trace.event = { kind: "preview" };
      return done(
        { type: "preview", ...inLanguage(), bot, target: location.url },
        "preview",
        true,
        `${bot} link-preview bot: the link's card, linking to ${location.url}; no redirect`,
      );
    }
    trace.checks.push({ step: "preview", ok: true, detail: "not a link-preview bot: redirect" });
  }
  trace.event = { kind: "redirect" };
  // An answer that depends on the request or the clock is never cached, whatever the site says;
  // a private answer is for one person: no shared cache keeps it.
  const cacheControl = zone
    ? "private, no-store"
    : ctx.redirectMaxAge > 0 && !link.routes
      ? `public, max-age=${ctx.redirectMaxAge}`
      : "no-store";
  return done(
    { type: "redirect", status: link.status, location: location.url, cacheControl },
    "target",
    true,
    location.url,
  );
}

interface Found {
  link: LinkRecord;
  /** Segments the match consumed: a remainder starts here. */
  depth: number;
  params?: Record<string, string>;
}

async function findLink(
  key: string,
  facts: Omit<MatchPath, "keys">,
  links: LinkSource,
): Promise<Found | undefined> {
  const exact = await links.exact(facts.trailingSlash ? key + "/" : key);
  if (exact) return { link: exact, depth: 0 };
  const segments = key === "" ? [] : key.split("/");
  const path: MatchPath = { keys: segments, ...facts };
  // Placeholder links match in memory (the manifest lists them): only a match reads a shard.
  const placeholder = links.placeholders && matchPlaceholders(links.placeholders, path);
  if (placeholder && links.placeholder) {
    const link = await links.placeholder(placeholder.key);
    if (link) return { link, depth: placeholder.depth, params: placeholder.params };
  }
  // Longest prefix first: walk the ascending depths from the end. With strict trailing slashes
  // `x/*` answers `/x/` and below, not `/x`.
  for (let i = links.splatDepths.length - 1; i >= 0; i--) {
    const depth = links.splatDepths[i];
    if (depth > segments.length) continue;
    if (depth === segments.length && depth > 0 && path.strict && !path.trailingSlash) continue;
    const splat = await links.splat(segments.slice(0, depth).join("/"));
    if (splat) return { link: splat, depth };
  }
  return undefined;
}

/** The lookup page a path names: `/lookup` follows the visitor, the localized routes fix a language. */
function lookupPage(lowerPath: string): { lang?: Lang } | undefined {
  if (lowerPath === LOOKUP_ROUTES.en) return {};
  for (const [lang, route] of Object.entries(LOOKUP_ROUTES) as [Lang, string][])
    if (lowerPath === route) return { lang };
  return undefined;
}

/** `?slug=` as the lookup box takes it: at most its length, never half a surrogate pair. */
function lookupPrefill(value: string | null): string | undefined {
  return value ? clip(value, LOOKUP_INPUT_MAX) : undefined;
}
