/** Shapes shared by the analytics concern. The public surface is re-exported from index.ts. */
import type { Env } from "../env.js";

/** `preview`: a link-preview bot fetched a link's card (docs/previews.md); always a bot event. */
export type EventKind = "pageview" | "redirect" | "short-link-miss" | "lookup" | "preview";

/** What the worker knows about one answered request. */
export interface EventFacts {
  kind: EventKind;
  /** Page title for pageviews. */
  title?: string;
  slug?: string;
  target_host?: string;
  effective_state?: string;
  schedule_label?: string;
  /** A link with routes: the route taken (its id, its position from 1, or `default`). */
  route?: string;
  /** The split variant taken (its id, or its position from 1). */
  variant?: string;
  redirect_status?: number;
  redirect_error?: string;
  lookup_result?: string;
  /**
   * A private zone's name (docs/private-links.md): the event names the zone, never the link, and
   * `zone_path` (the zone's prefix) stands in for the visitor's path; query and referrer are dropped.
   */
  zone?: string;
  zone_path?: string;
  /** A preview fetch: the preview-bot family (defaults/preview-bots.yaml). */
  preview_bot?: string;
}

export type Provider = "provider_a" | "provider_b" | "fathom";

/** Every provider, in the order their requests are built. */
export const PROVIDERS: readonly Provider[] = ["provider_a", "provider_b", "fathom"];

/** The variables analytics reads; any object carrying them (the worker's Env, process.env) will do. */
export type AnalyticsEnv = Partial<
  Pick<
    Env,
    | "ANALYTICS_PROVIDER"
    | "ANALYTICS_QUERY_MODE"
    | "PROVIDER_A_ENDPOINT"
    | "PROVIDER_A_WEBSITE_ID"
    | "PROVIDER_A_GEO_IP_MODE"
    | "PROVIDER_A_BOT_MODE"
    | "PROVIDER_B_SITE_ID"
    | "PROVIDER_B_ENDPOINT"
    | "PROVIDER_B_BOT_MODE"
    | "PROVIDER_B_COLLECTION_KEY"
    | "FATHOM_SITE_ID"
    | "FATHOM_ENDPOINT"
    | "FATHOM_BOT_MODE"
  >
>;

/** One collection request, fully built, ready for fetch. */
export interface OutgoingRequest {
  provider: Provider;
  /** The event name as sent (`pageview`, `redirect`, `bot`, ...). */
  event: string;
  url: string;
  /** POST with `body` (providers A and B), or GET with everything in `url` (Fathom). */
  method: "GET" | "POST";
  headers: Record<string, string>;
  body: string;
}

export interface DispatchOptions {
  fetch?: typeof fetch;
  /** Per-provider timeout; default ANALYTICS_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Makes the signal that ends one request after `ms`; default AbortSignal.timeout. Tests
   * inject one they fire themselves, so no answer races a wall clock. */
  timeoutSignal?: (ms: number) => AbortSignal;
}
