/**
 * The engine: what a request gets from a compiled instance, the one place that maps each
 * resolution to a response. The worker answers through it (handle.ts), and so do `explain`,
 * `check`'s expectations, the tests page, `diff` and the own-host check (over an instance held in
 * memory, lib/shared/memory-instance.ts). Importing it starts nothing.
 */
import { verifyAccess } from "../access/index.js";
import { correlationId, type EventFacts } from "../analytics/index.js";
import type { Env } from "../env.js";
import { finishDraft, withHeaderRules, type Draft } from "../http/headers.js";
import { serveOperator } from "../http/operator.js";
import {
  allowNullOriginFont,
  htmlWithStatus,
  languageHeaders,
  notFoundPage,
  withReference,
  plainNotFound,
  plainText,
  preflight,
} from "../http/responses.js";
import { fillLookupInput } from "../pages/lookup-result.js";
import { fillPreview } from "../pages/preview-card.js";
import { fillSuccessor, successorSlots } from "../pages/successor.js";
import { readAsset, readPage } from "../registry/read-assets.js";
import { resolve, type RequestFacts, type Resolution, type ResolveContext } from "../resolve.js";
import { pageAssetPath } from "../routes.js";
import { routeLabel, variantLabel } from "../link-routes/describe.js";
import { edgeFactsOf, type GivenFacts } from "../link-routes/facts.js";
import { randomDraw } from "../link-routes/split.js";
import type { Instance } from "./instance.js";
import { identityOf } from "./identity.js";
import { lookupBeacon, lookupResolve, zoneFacts } from "./lookup-endpoints.js";

/** The decision's inputs from an instance. */
export function resolveContext(
  data: Pick<Instance, "links" | "blocklist" | "site" | "staticPaths" | "domain">,
): ResolveContext {
  const context: ResolveContext = {
    links: data.links,
    blocklist: data.blocklist,
    caseSensitive: data.site.case_sensitive,
    strictTrailingSlash: data.site.trailing_slash === "strict",
    defaultLang: data.site.default_lang,
    redirectMaxAge: data.site.redirect_max_age,
    staticPaths: data.staticPaths,
    pages: data.site.pages,
    zones: data.site.access_zones,
  };
  if (data.domain?.root !== undefined) context.root = data.domain.root;
  if (data.domain?.not_found !== undefined) context.notFound = data.domain.not_found;
  return context;
}

/** What a request decides, without building its answer (`diff`, the own-host check). */
export function decide(instance: Instance, facts: RequestFacts): Promise<Resolution> {
  return resolve(facts, resolveContext(instance));
}

export interface Answered {
  resolution: Resolution;
  /** The final response, header rules applied (a HEAD answer has no body). */
  response: Response;
  /** The same answer as a draft (header rules applied), when it was built from one. */
  sent?: Draft;
  /** The analytics event this answer sends, if any. */
  event?: EventFacts;
}

/**
 * What resolve() reads of `request`. The routes' facts are read only when a link with routes
 * asks for them, so a link without routes costs what it did: one object per request, its
 * getters on the class (an object literal with getters would build three closures each time).
 */
class LiveFacts implements RequestFacts {
  readonly method: string;
  readonly url: string;
  readonly acceptLanguage: string | null;
  readonly draw: (() => number) | undefined;
  identity?: RequestFacts["identity"];

  constructor(
    private readonly request: Request,
    readonly now: Date,
    private readonly given: GivenFacts | undefined,
  ) {
    this.method = request.method;
    this.url = request.url;
    this.acceptLanguage = request.headers.get("accept-language");
    const draw = given?.draw;
    this.draw = given ? (draw === undefined ? undefined : () => draw) : randomDraw;
  }

  get edge() {
    return this.given
      ? this.given.edge
      : edgeFactsOf((this.request as Request & { cf?: unknown }).cf);
  }

  get ip() {
    return this.request.headers.get("cf-connecting-ip");
  }

  get userAgent() {
    return this.request.headers.get("user-agent");
  }
}

export function requestFacts(request: Request, now: Date, given?: GivenFacts): RequestFacts {
  return new LiveFacts(request, now, given);
}

/**
 * Everything but the sending: what `request` gets at `now`. The worker sends the event;
 * `shortlinks explain` shows it. Throws only on a bug (the caller turns that into a 503).
 */
export async function answerRequest(
  request: Request,
  env: Env,
  data: Instance,
  now: Date,
  given?: GivenFacts,
): Promise<Answered> {
  const rctx = resolveContext(data);
  // Inside a private zone only: the token verified against the zone's aud, as a fact. An
  // instance without zones does not wait for it.
  const identity = data.site.access_zones
    ? await identityOf(request, env, data.site, given)
    : undefined;
  const facts = requestFacts(request, now, given);
  if (identity) facts.identity = identity;
  const resolution = await resolve(facts, rctx);
  const { response, event } = await respond(resolution, request, env, data, rctx, now);
  const head = request.method === "HEAD";
  const path = headerPath(resolution);
  if (response instanceof Response)
    return {
      resolution,
      response: withHeaderRules(response, data.site, path, head),
      event,
    };
  const finished = finishDraft(response, data.site, path, head, (sent) =>
    withReference(sent, correlationId(request)),
  );
  return { resolution, ...finished, event };
}

/**
 * The path the header rules are matched on: a static file's own path, whichever spelling asked
 * for it (`/hello`, `/%68ello.html`, `//hello.html/`), so a custom page always gets its sandbox;
 * the request path otherwise.
 */
function headerPath(resolution: Resolution): string {
  return resolution.outcome.type === "static" ? resolution.outcome.path : resolution.path;
}

interface Answer {
  response: Response | Draft;
  event?: EventFacts;
}

async function respond(
  resolution: Resolution,
  request: Request,
  env: Env,
  data: Instance,
  rctx: ResolveContext,
  now: Date,
): Promise<Answer> {
  const { outcome, link } = resolution;
  // Inside a private zone the event names the zone only (linkFacts): no target host either.
  const zone = resolution.event?.zone;
  switch (outcome.type) {
    case "plain-404":
      return { response: plainNotFound(outcome.deny) };
    case "method-not-allowed":
      return { response: plainText(405, "Method not allowed\n", { allow: outcome.allow }) };
    case "preflight":
      return { response: preflight(outcome.allow, outcome.endpoint, request) };
    case "redirect": {
      const response: Draft = {
        status: outcome.status,
        headers: { location: outcome.location, "cache-control": outcome.cacheControl },
        body: null,
      };
      const decided = resolution.event;
      if (!decided) return { response };
      // A miss sent to the host's not-found destination is still a miss (docs/domains.md).
      if (decided.kind !== "redirect" || decided.redirect_error)
        return {
          response,
          event: {
            kind: decided.kind,
            ...linkFacts(resolution, data),
            redirect_status: outcome.status,
            redirect_error: decided.redirect_error,
          },
        };
      return {
        response,
        event: {
          kind: "redirect",
          ...linkFacts(resolution, data),
          ...(zone ? {} : { target_host: hostOf(outcome.location) }),
          redirect_status: outcome.status,
        },
      };
    }
    case "page": {
      const assetPath = pageAssetPath(outcome.lang, outcome.page);
      const template = await readPage(data, assetPath);
      const filled = template === null ? null : fillLookupInput(template, outcome.prefill ?? "");
      const html =
        filled === null || outcome.page !== "retired"
          ? filled
          : fillSuccessor(filled, successorSlots(data.site.base_url, outcome.successor));
      const extra: Record<string, string> = {
        ...(outcome.retryAfter ? { "retry-after": String(outcome.retryAfter) } : {}),
        ...(outcome.negotiated ? languageHeaders(outcome.lang) : {}),
        ...(outcome.deny ? { "x-deny-category": outcome.deny } : {}),
      };
      const response =
        outcome.page === "not-found"
          ? notFoundPage(html, extra)
          : htmlWithStatus(html, outcome.status, extra);
      const decided = resolution.event;
      const event: EventFacts | undefined = !decided
        ? undefined
        : decided.kind === "pageview"
          ? { kind: "pageview", title: data.site.page_titles[assetPath] }
          : {
              kind: decided.kind,
              ...linkFacts(resolution, data),
              redirect_status: outcome.status,
              redirect_error: decided.redirect_error,
            };
      return { response, event };
    }
    case "preview": {
      const template = link?.preview
        ? await readPage(data, pageAssetPath(outcome.lang, "preview"))
        : null;
      const url = new URL(request.url);
      const html =
        template === null || !link?.preview
          ? null
          : fillPreview(template, {
              preview: link.preview,
              shortUrl: url.origin + url.pathname,
              target: outcome.target,
            });
      return {
        // Never stored: the same URL redirects everyone else (docs/previews.md, "Caching").
        response: htmlWithStatus(html, 200, {
          "x-robots-tag": "noindex",
          ...(outcome.negotiated ? languageHeaders(outcome.lang) : {}),
        }),
        event: {
          kind: "preview",
          ...linkFacts(resolution, data),
          target_host: hostOf(outcome.target),
          preview_bot: outcome.bot,
        },
      };
    }
    case "static": {
      const own = data.domain?.files?.[outcome.path];
      const asset = own
        ? typedAsset(await readAsset(data.assets, own.asset), own.content_type)
        : await readAsset(data.assets, outcome.path);
      if (!asset.ok) return { response: plainNotFound() };
      return {
        response: allowNullOriginFont(asset, outcome.path, request),
        event: resolution.event
          ? { kind: "pageview", title: data.site.page_titles[outcome.path] }
          : undefined,
      };
    }
    case "protected": {
      // A host with an Access application of its own checks its AUD tag (docs/domains.md).
      const aud = data.domain?.access_aud;
      const verdict = await verifyAccess(request, aud ? { ...env, ACCESS_AUD: aud } : env);
      if (!verdict.ok) {
        console.warn(`shortlinks: access refused on ${outcome.area}: ${verdict.reason}`);
        return {
          response: plainText(403, "Forbidden\n", { "cache-control": "private, no-store" }),
        };
      }
      const answer = async (inner: Request, at: Date, given: GivenFacts) =>
        (await answerRequest(inner, env, data, at, given)).response;
      const operator = {
        area: outcome.area,
        langTag: outcome.lang,
        rest: outcome.rest,
        search: new URL(request.url).searchParams,
      };
      return { response: await serveOperator(operator, data, answer, now) };
    }
    case "endpoint":
      return outcome.endpoint === "lookup-resolve"
        ? lookupResolve(request, data, rctx, now)
        : lookupBeacon(request, data);
  }
}

/**
 * What an event says of the link, built only for an answer that sends one. Inside a private zone
 * it names the zone only: no slug, schedule, route or target host.
 */
function linkFacts(resolution: Resolution, data: Instance) {
  const zone = resolution.event?.zone;
  const effective_state = resolution.effective_state ?? undefined;
  if (zone) return { ...zoneFacts(zone, data), effective_state };
  const { route } = resolution;
  return {
    slug: resolution.link?.slug,
    effective_state,
    schedule_label: resolution.schedule_label ?? undefined,
    ...(route ? { route: routeLabel(route), variant: variantLabel(route) } : {}),
  };
}

/**
 * A host's own file with the content type the build recorded: an app-link file without an
 * extension (`apple-app-site-association`) must be `application/json`, whatever the asset server
 * guesses from its name.
 */
function typedAsset(asset: Response, contentType: string): Response {
  if (!asset.ok) return asset;
  const headers = new Headers(asset.headers);
  headers.set("content-type", contentType);
  return new Response(asset.body, { status: asset.status, headers });
}

function hostOf(location: string): string | undefined {
  try {
    return new URL(location).hostname;
  } catch {
    return undefined;
  }
}
