/**
 * Server-side analytics: builds each configured provider's collection request from the
 * visitor's request and the event facts, and hands delivery to ctx.waitUntil.
 */
import type { Env, WaitUntil } from "../env.js";
import { anyProvider, loadAnalyticsConfig, type AnalyticsConfig } from "./config.js";
import { deliverAll } from "./dispatch.js";
import { buildProviderA } from "./provider-a.js";
import { buildProviderB } from "./provider-b.js";
import { buildFathom } from "./provider-fathom.js";
import type { AnalyticsEnv, DispatchOptions, EventFacts, OutgoingRequest } from "./types.js";
import { readVisitor } from "./visitor.js";

export type {
  AnalyticsEnv,
  DispatchOptions,
  EventFacts,
  EventKind,
  OutgoingRequest,
  Provider,
} from "./types.js";
export {
  parseAnalyticsConfig,
  loadAnalyticsConfig,
  ANALYTICS_KEYS,
  anyProvider,
  type AnalyticsConfig,
} from "./config.js";
export { type QueryMode } from "./query.js";
export {
  analyticsCounters,
  resetAnalyticsCounters,
  deliverAll,
  ANALYTICS_TIMEOUT_MS,
  type DeliveryResult,
  type ProviderCounters,
} from "./dispatch.js";
export { correlationId } from "./visitor.js";

/** Every configured provider's request for one event (empty when analytics is off). Pure apart from random IDs. */
export function buildAnalyticsRequests(
  request: Request,
  config: AnalyticsConfig,
  facts: EventFacts,
): OutgoingRequest[] {
  if (!anyProvider(config)) return [];
  const read = readVisitor(request, config.queryMode);
  // Inside a private zone the providers learn the zone, never the path, its query or the referrer.
  const visitor =
    facts.zone_path === undefined
      ? read
      : { ...read, pathname: facts.zone_path, query: "", referrer: "" };
  // A preview fetch is a bot's, whatever isbot says of its User-Agent (docs/previews.md).
  if (facts.kind === "preview" && !visitor.bot.bot)
    visitor.bot = { bot: true, family: facts.preview_bot };
  const requests: OutgoingRequest[] = [];
  if (config.provider_a) requests.push(buildProviderA(config.provider_a, facts, visitor));
  if (config.provider_b) requests.push(buildProviderB(config.provider_b, facts, visitor));
  if (config.fathom) requests.push(buildFathom(config.fathom, facts, visitor));
  return requests;
}

/** Resolves on a later task, so that even the fetch set-up runs after the response has gone out. */
const afterResponse = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Schedules one event for every configured provider with ctx.waitUntil.
 * Never throws, never awaits on the response path: the requests are built and sent on a later
 * task; on the response path only the (cached) configuration is read.
 */
export function sendAnalytics(
  request: Request,
  env: Env | AnalyticsEnv,
  ctx: WaitUntil,
  facts: EventFacts,
  options: DispatchOptions = {},
): void {
  try {
    const config = loadAnalyticsConfig(env);
    if (!anyProvider(config)) return;
    const snapshot = { ...facts };
    const work = afterResponse()
      .then(() => deliverAll(buildAnalyticsRequests(request, config, snapshot), options))
      .then(() => undefined, warnBug);
    ctx.waitUntil(work);
  } catch (error) {
    warnBug(error);
  }
}

/** An event that could not even be built (a bug): said, never thrown. */
function warnBug(error: unknown): void {
  console.warn(
    `shortlinks analytics: event not built (bug: ${error instanceof Error ? error.name : "unknown"})`,
  );
}
