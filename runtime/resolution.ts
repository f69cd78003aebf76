/**
 * What resolve() reads and what it decides: the request's facts, the instance it answers
 * against, and the resolution (outcome, match, checks) every engine renders.
 */
import type {
  AccessZone,
  Blocklist,
  EffectiveState,
  Lang,
  LinkKind,
  LinkRecord,
  OptionalPage,
  RedirectStatus,
} from "./contract/index.js";
import type { RouteChoice } from "./link-routes/choose.js";
import type { VisitorFacts } from "./link-routes/facts.js";
import type { PlaceholderTable } from "./placeholders.js";
import type { PageId } from "./routes.js";
import type { Identity } from "./private-links.js";

export interface LinkSource {
  exact(key: string): LinkRecord | undefined | Promise<LinkRecord | undefined>;
  splat(key: string): LinkRecord | undefined | Promise<LinkRecord | undefined>;
  /** Distinct segment depths of splat prefixes, ascending (as the registry manifest stores them). */
  readonly splatDepths: readonly number[];
  /** The placeholder links' patterns (runtime/placeholders.ts); absent when there are none. */
  readonly placeholders?: PlaceholderTable;
  placeholder?(key: string): LinkRecord | undefined | Promise<LinkRecord | undefined>;
}

export interface ResolveContext {
  links: LinkSource;
  blocklist: Blocklist;
  caseSensitive: boolean;
  /** `/x` and `/x/` are different paths (site.yaml `trailing_slash: strict`). */
  strictTrailingSlash?: boolean;
  defaultLang: Lang;
  redirectMaxAge: number;
  /** Public static files (product and custom), exact paths. */
  staticPaths: ReadonlySet<string>;
  /** The optional product pages the instance publishes (site.yaml `pages`). */
  pages: readonly OptionalPage[];
  /** Private zones (site config `access_zones`); absent on a site without any. */
  zones?: readonly AccessZone[];
  /** The host's root: where `/` redirects (docs/domains.md). */
  root?: string;
  /** The host's not-found destination: every answer that would be the 404 page redirects there. */
  notFound?: string;
}

/** The request as resolve() reads it; the routes' facts (country, User-Agent, ...) included. */
export interface RequestFacts extends VisitorFacts {
  method: string;
  /** Absolute URL, or a path with an optional query. */
  url: string;
  now: Date;
  /**
   * Answer with a link's own target whatever its routes say: the published answer that `diff`
   * and `check --against` compare, and the one the lookup shows (docs/routes.md).
   */
  defaultTarget?: boolean;
  /**
   * The verified Access identity of a request inside a private zone (the engine verifies the
   * token, runtime/engine/identity.ts); absent: none, and every path of the zone is a miss.
   */
  identity?: Identity;
}

export type Outcome =
  | {
      type: "plain-404";
      /** A scanner probe's block category, sent as `X-Deny-Category`. */
      deny?: string;
    }
  | { type: "redirect"; status: RedirectStatus; location: string; cacheControl: string }
  | {
      type: "page";
      page: PageId;
      lang: Lang;
      status: number;
      retryAfter?: number;
      /** The language came from Accept-Language (the path does not fix it). */
      negotiated?: true;
      /** What `?slug=` puts in the lookup box. */
      prefill?: string;
      /** A retired link's successor slug: the page links to its short URL. */
      successor?: string;
      /** A refused destination's block category, sent as `X-Deny-Category` (targets/rules.ts). */
      deny?: string;
    }
  | {
      /** A link-preview bot asked for a link with `preview`: its card, never the redirect. */
      type: "preview";
      lang: Lang;
      negotiated?: true;
      /** The preview-bot family (defaults/preview-bots.yaml). */
      bot: string;
      /** Where a person asking the same would be sent: the page's visible link. */
      target: string;
    }
  | { type: "method-not-allowed"; status: 405; allow: string }
  | { type: "preflight"; status: 204; allow: string; endpoint: boolean }
  | { type: "endpoint"; endpoint: "lookup-resolve" | "analytics-lookup" }
  | { type: "protected"; area: "stats" | "tests"; lang: string; rest: string }
  | { type: "static"; path: string };

export interface Check {
  step: string;
  ok: boolean;
  detail: string;
}

export interface Resolution {
  method: string;
  path: string;
  normalized: string | null;
  match: null | {
    kind: LinkKind;
    slug: string;
    key: string;
    file: string;
    line: number;
    /** Placeholder links: each placeholder's value, decoded once, case kept. */
    params?: Record<string, string>;
  };
  link: LinkRecord | null;
  effective_state: EffectiveState | null;
  schedule_label: string | null;
  /** The route a link with routes took (docs/routes.md); null for a link without routes. */
  route: RouteChoice | null;
  /** The private zone the path lies in (docs/private-links.md), or null. */
  zone: string | null;
  outcome: Outcome;
  /**
   * The analytics event this answer sends, if any: decided here for every request, whatever
   * engine answers it. The worker only adds the facts of its answer (target host, page title);
   * the lookup beacon's event depends on its body, so the endpoint that reads it decides that one.
   */
  event: null | {
    kind: "redirect" | "short-link-miss" | "pageview" | "preview";
    redirect_error?: string;
    /** Inside a private zone: the event names the zone, never the link or the path. */
    zone?: string;
  };
  checks: Check[];
}

/** The HTTP status an outcome is answered with, before access control and endpoints run. */
export function statusOf(outcome: Outcome): number {
  switch (outcome.type) {
    case "plain-404":
      return 404;
    case "redirect":
    case "page":
    case "method-not-allowed":
    case "preflight":
      return outcome.status;
    case "static":
    case "preview":
      return 200;
    case "protected":
      return 403;
    case "endpoint":
      return 200;
  }
}
