/**
 * The platform, declared by us: tiny local interfaces so the runtime runs in plain unit tests,
 * under Node and in workerd alike.
 */

/** The `ASSETS` binding: fetches files of the assets directory, public or private. */
export interface AssetFetcher {
  fetch(request: Request): Promise<Response>;
}

export interface WaitUntil {
  waitUntil(promise: Promise<unknown>): void;
}

/** Runtime variables (wrangler `vars` and secrets). Names exactly as the specification gives them. */
export interface Env {
  ASSETS: AssetFetcher;
  /** https://TEAM.cloudflareaccess.com */
  ACCESS_TEAM_DOMAIN?: string;
  /** The Access application's AUD tag. */
  ACCESS_AUD?: string;
  ANALYTICS_PROVIDER?: string;
  /** `campaign` (default), `full` or `none`: the query string the providers see. */
  ANALYTICS_QUERY_MODE?: string;
  PROVIDER_A_ENDPOINT?: string;
  PROVIDER_A_WEBSITE_ID?: string;
  PROVIDER_A_GEO_IP_MODE?: string;
  PROVIDER_A_BOT_MODE?: string;
  PROVIDER_B_SITE_ID?: string;
  PROVIDER_B_ENDPOINT?: string;
  PROVIDER_B_BOT_MODE?: string;
  /** Secret: a Rybbit API key with the ingest scope, sent as `Authorization: Bearer`. */
  PROVIDER_B_COLLECTION_KEY?: string;
  // PROVIDER_B_API_TOKEN is deliberately absent: a management token the runtime never reads.
  /** Fathom's site id (docs/analytics.md, "Fathom"). */
  FATHOM_SITE_ID?: string;
  /** Default https://cdn.usefathom.com/, Fathom's collection address. */
  FATHOM_ENDPOINT?: string;
  FATHOM_BOT_MODE?: string;
}

/** Edge metadata Cloudflare attaches as `request.cf`; absent under plain Node. */
export interface EdgeMetadata {
  country?: string;
  colo?: string;
}

export function edgeMetadata(request: Request): EdgeMetadata {
  const cf = (request as Request & { cf?: EdgeMetadata }).cf;
  return { country: cf?.country, colo: cf?.colo };
}
