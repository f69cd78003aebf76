/**
 * The worker's side of the engine: the instance read through the ASSETS binding once per isolate,
 * answers remembered while they cannot change (answer-cache.ts), the analytics event handed to
 * waitUntil. It never throws to the platform: every request gets a deliberate answer.
 */
import { sendAnalytics } from "../analytics/index.js";
import { AnswerCache } from "../answer-cache.js";
import type { Env, WaitUntil } from "../env.js";
import { withHeaderRules, type Draft } from "../http/headers.js";
import { BASELINE_HEADERS } from "../http/mandatory.js";
import { plainText } from "../http/responses.js";
import { loadRuntimeData, type RuntimeData } from "../registry/store.js";
import { GENERATOR } from "../version.js";
import { answerRequest } from "./answer.js";
import { hostData, unlistedHost } from "./hosts.js";

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
    const whole = await runtimeData(env);
    // One property read decides it for an instance without domains (engine/hosts.ts).
    const chosen = whole.site.domains === undefined ? whole : await hostData(whole, request.url);
    // A host the instance does not list: the same plain 404 as a private file, and no event.
    if (chosen === null) return unlistedHost(request, whole.site);
    data = chosen;
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

/**
 * The answer when the site configuration could not be read: every mandatory control, at its
 * strictest, without the configuration's values (BASELINE_HEADERS, mandatory.ts).
 */
function baseline(draft: Draft): Response {
  const headers = { ...draft.headers, ...BASELINE_HEADERS, "x-generated-by": GENERATOR };
  return new Response(draft.body, { status: draft.status, headers });
}
