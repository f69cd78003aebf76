/**
 * The worker: wires the concerns together and maps each resolution to a response in one place.
 * It never throws to the platform: every request gets a deliberate answer.
 */
import { verifyAccess } from "./access/index.js";
import { sendAnalytics, type EventFacts } from "./analytics/index.js";
import type { Env, WaitUntil } from "./env.js";
import { finishDraft, withHeaderRules, type Draft } from "./http/headers.js";
import { BASELINE_HEADERS } from "./http/mandatory.js";
import { beaconFacts, formLanguage, lookupSlug, LOOKUP_BODY_LIMIT } from "./http/lookup-api.js";
import { serveOperator } from "./http/operator.js";
import { readSmallBody } from "./http/read-body.js";
import {
  allowNullOrigin,
  htmlWithStatus,
  json,
  jsonError,
  plainNotFound,
  plainText,
  preflight,
} from "./http/responses.js";
import { renderLookupResult } from "./pages/lookup-result.js";
import { loadRuntimeData, readAsset, readPage, type RuntimeData } from "./registry/store.js";
import { resolve, type Resolution, type ResolveContext } from "./resolve.js";
import { pageAssetPath } from "./routes.js";
import { chooseLanguage } from "./language.js";
import { GENERATOR } from "./version.js";
import { warmUp } from "./warm-up.js";
import { warmUpStats } from "./stats/warm-up.js";
import { AnswerCache } from "./answer-cache.js";

const loaded = new WeakMap<object, RuntimeData>();

/**
 * The private files, once per isolate (per ASSETS binding). Only a finished load is kept: a
 * pending one belongs to the request that started it (see ShardedLinks); a failure is retried.
 */
async function runtimeData(env: Env): Promise<RuntimeData> {
  const cached = loaded.get(env.ASSETS);
  if (cached) return cached;
  const data = await loadRuntimeData(env.ASSETS);
  if (!loaded.has(env.ASSETS)) loaded.set(env.ASSETS, data);
  return loaded.get(env.ASSETS) as RuntimeData;
}

/** The decision's inputs from the runtime data (or from any table with the same parts: `diff`). */
export function resolveContext(data: {
  links: ResolveContext["links"];
  blocklist: ResolveContext["blocklist"];
  site: RuntimeData["site"];
  staticPaths: ResolveContext["staticPaths"];
}): ResolveContext {
  return {
    links: data.links,
    blocklist: data.blocklist,
    caseSensitive: data.site.case_sensitive,
    defaultLang: data.site.default_lang,
    redirectMaxAge: data.site.redirect_max_age,
    staticPaths: data.staticPaths,
  };
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
 * Everything but the sending: what `request` gets at `now`. The worker sends the event;
 * `shortlinks explain` shows it. Throws only on a bug (the caller turns that into a 503).
 */
export async function answerRequest(
  request: Request,
  env: Env,
  data: RuntimeData,
  now: Date,
): Promise<Answered> {
  const rctx = resolveContext(data);
  const resolution = await resolve(
    {
      method: request.method,
      url: request.url,
      acceptLanguage: request.headers.get("accept-language"),
      now,
    },
    rctx,
  );
  const { response, event } = await respond(resolution, request, env, data, rctx, now);
  const head = request.method === "HEAD";
  const path = headerPath(resolution);
  if (response instanceof Response)
    return {
      resolution,
      response: withHeaderRules(response, data.site, path, head),
      event,
    };
  return {
    resolution,
    ...finishDraft(response, data.site, path, head),
    event,
  };
}

/**
 * The path the header rules are matched on: a static file's own path, whichever spelling asked
 * for it (`/hello`, `/%68ello.html`, `//hello.html/`), so a custom page always gets its sandbox;
 * the request path otherwise.
 */
function headerPath(resolution: Resolution): string {
  return resolution.outcome.type === "static" ? resolution.outcome.path : resolution.path;
}

/** Timeless answers of the live worker, per runtime data (see answer-cache.ts). */
const answerCaches = new WeakMap<RuntimeData, AnswerCache>();

function answerCacheOf(data: RuntimeData): AnswerCache {
  let cache = answerCaches.get(data);
  if (!cache) answerCaches.set(data, (cache = new AnswerCache()));
  return cache;
}

export async function handleRequest(request: Request, env: Env, ctx: WaitUntil): Promise<Response> {
  let data: RuntimeData;
  try {
    data = await runtimeData(env);
  } catch (error) {
    console.error(`shortlinks: runtime files unavailable: ${String(error)}`);
    return baseline(plainText(503, "Service unavailable\n", { "retry-after": "30" }));
  }
  try {
    const readOnly = request.method === "GET" || request.method === "HEAD";
    const cache = answerCacheOf(data);
    const remembered = readOnly ? cache.answer(request) : undefined;
    if (remembered) {
      if (remembered.event) sendAnalytics(request, env, ctx, remembered.event);
      readFilterAfter(data, ctx);
      return remembered.response;
    }
    const { response, event, resolution, sent } = await answerRequest(
      request,
      env,
      data,
      new Date(),
    );
    if (readOnly && sent) cache.offer(request, resolution, sent, response, data.pages, event);
    if (event) sendAnalytics(request, env, ctx, event);
    readFilterAfter(data, ctx);
    return response;
  } catch (error) {
    console.error(
      `shortlinks: bug: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return withHeaderRules(plainText(503, "Service unavailable\n"), data.site, "/");
  }
}

/** The registry's filter is read after an answer, once a lookup has missed (sharded-links.ts). */
function readFilterAfter(data: RuntimeData, ctx: WaitUntil): void {
  const load = data.links.filterLoad();
  if (load) ctx.waitUntil(load);
}

interface Answer {
  response: Response | Draft;
  event?: EventFacts;
}

async function respond(
  resolution: Resolution,
  request: Request,
  env: Env,
  data: RuntimeData,
  rctx: ResolveContext,
  now: Date,
): Promise<Answer> {
  const { outcome, link } = resolution;
  const linkFacts = {
    slug: link?.slug,
    effective_state: resolution.effective_state ?? undefined,
    schedule_label: resolution.schedule_label ?? undefined,
  };
  switch (outcome.type) {
    case "plain-404":
      return { response: plainNotFound() };
    case "method-not-allowed":
      return { response: plainText(405, "Method not allowed\n", { allow: outcome.allow }) };
    case "preflight":
      return { response: preflight(outcome.allow, outcome.endpoint, request) };
    case "redirect":
      return {
        response: {
          status: outcome.status,
          headers: { location: outcome.location, "cache-control": outcome.cacheControl },
          body: null,
        },
        event: {
          kind: "redirect",
          ...linkFacts,
          target_host: hostOf(outcome.location),
          redirect_status: outcome.status,
        },
      };
    case "page": {
      const assetPath = pageAssetPath(outcome.lang, outcome.page);
      const html = await readPage(data, assetPath);
      const extra: Record<string, string> = outcome.retryAfter
        ? { "retry-after": String(outcome.retryAfter) }
        : {};
      const response = htmlWithStatus(html, outcome.status, extra);
      const decided = resolution.event;
      const event: EventFacts | undefined = !decided
        ? undefined
        : decided.kind === "pageview"
          ? { kind: "pageview", title: data.site.page_titles[assetPath] }
          : {
              kind: decided.kind,
              ...linkFacts,
              redirect_status: outcome.status,
              redirect_error: decided.redirect_error,
            };
      return { response, event };
    }
    case "static": {
      const asset = await readAsset(data.assets, outcome.path);
      if (!asset.ok) return { response: plainNotFound() };
      return {
        response: asset,
        event: resolution.event
          ? { kind: "pageview", title: data.site.page_titles[outcome.path] }
          : undefined,
      };
    }
    case "protected": {
      const verdict = await verifyAccess(request, env);
      if (!verdict.ok) {
        console.warn(`shortlinks: access refused on ${outcome.area}: ${verdict.reason}`);
        return {
          response: plainText(403, "Forbidden\n", { "cache-control": "private, no-store" }),
        };
      }
      const answer = async (inner: Request, at: Date) =>
        (await answerRequest(inner, env, data, at)).response;
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
        : lookupBeacon(request);
  }
}

async function lookupResolve(
  request: Request,
  data: RuntimeData,
  rctx: ResolveContext,
  now: Date,
): Promise<Answer> {
  const body = await readSmallBody(request, LOOKUP_BODY_LIMIT, { allowForm: true });
  if (!body.ok) return { response: allowNullOrigin(jsonError(body.status, body.error), request) };
  const slug = body.value.slug;
  if (typeof slug !== "string")
    return { response: allowNullOrigin(jsonError(400, "slug must be a string"), request) };
  const result = await lookupSlug(slug, rctx, now);
  if (!body.form) return { response: allowNullOrigin(json(200, result), request) };
  // A plain form post (no JavaScript): a server-rendered result page, and the lookup event here.
  const lang = formLanguage(
    body.value.lang,
    chooseLanguage(request.headers.get("accept-language"), data.site.default_lang),
  );
  const template = await readPage(data, pageAssetPath(lang, "lookup-result"));
  if (template === null) return { response: plainText(503, "Service unavailable\n") };
  const html = renderLookupResult(template, result, { baseUrl: data.site.base_url, input: slug });
  return {
    response: new Response(html, {
      status: 200,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
    }),
    event: {
      kind: "lookup",
      slug: result.slug,
      lookup_result: result.found ? (result.state ?? "found") : "not-found",
    },
  };
}

async function lookupBeacon(request: Request): Promise<Answer> {
  const body = await readSmallBody(request, LOOKUP_BODY_LIMIT, { allowForm: false });
  if (!body.ok) return { response: allowNullOrigin(jsonError(body.status, body.error), request) };
  const facts = beaconFacts(body.value);
  if (!facts)
    return {
      response: allowNullOrigin(jsonError(400, "slug and result must be strings"), request),
    };
  return {
    response: allowNullOrigin(
      new Response(null, { status: 204, headers: { "cache-control": "no-store" } }),
      request,
    ),
    event: { kind: "lookup", slug: facts.slug, lookup_result: facts.result },
  };
}

function hostOf(location: string): string | undefined {
  try {
    return new URL(location).hostname;
  } catch {
    return undefined;
  }
}

/**
 * The answer when the site configuration could not be read: every mandatory control, at its
 * strictest, without the configuration's values (BASELINE_HEADERS, mandatory.ts).
 */
function baseline(draft: Draft): Response {
  const headers = { ...draft.headers, ...BASELINE_HEADERS, "x-generated-by": GENERATOR };
  return new Response(draft.body, { status: draft.status, headers });
}

export default {
  fetch(request: Request, env: Env, ctx: WaitUntil): Promise<Response> {
    return handleRequest(request, env, ctx);
  },
};

// Compile the request path at isolate start-up rather than on its first request (warm-up.ts).
void warmUp(answerRequest);
void warmUpStats();
