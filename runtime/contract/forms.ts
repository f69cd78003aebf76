/**
 * The shapes of the compiled files that the compiler writes and the runtime reads: data (JSON
 * assets), never generated code. lib/stages/4-assets/asset-schemas.ts holds the same shapes as zod schemas
 * and fails to typecheck when the two disagree.
 */
import type {
  BLOCKLIST_SCHEMA,
  CUSTOM_ASSETS_SCHEMA,
  REGISTRY_SCHEMA,
  SHARD_SCHEMA,
  SITE_CONFIG_SCHEMA,
  STATS_INDEX_SCHEMA,
  STATS_PAGE_SCHEMA,
  TESTS_INDEX_SCHEMA,
  TESTS_PAGE_SCHEMA,
} from "./files.js";
import type { LinkRoute, NamedFacts } from "./routes.js";

export const LANGUAGES = ["en", "fr", "es", "it", "de"] as const;
export type Lang = (typeof LANGUAGES)[number];

/**
 * The product pages an instance chooses to publish (site.yaml `pages`): the home page, published
 * by default, and the legal pages, drafts until the operator publishes them (docs/pages.md).
 */
export const OPTIONAL_PAGES = ["home", "privacy", "terms", "abuse", "security"] as const;
export type OptionalPage = (typeof OPTIONAL_PAGES)[number];

export const LINK_STATES = ["active", "paused", "retired", "disabled", "draft"] as const;
export type LinkState = (typeof LINK_STATES)[number];
/** What a link is at one moment, after its schedule is applied. */
export type EffectiveState = LinkState | "scheduled" | "expired";
/** The effective states answered with a page of their own (each has its page and lookup message). */
export const STATE_PAGES = [
  "scheduled",
  "expired",
  "paused",
  "retired",
] as const satisfies readonly EffectiveState[];
export type StatePage = (typeof STATE_PAGES)[number];

export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];
/** The statuses browsers cache without asking again: a published one must keep its target. */
export const PERMANENT_STATUSES: readonly RedirectStatus[] = [301, 308];

export interface Schedule {
  label: string;
  /** ISO 8601 with an offset, as written in the source. */
  start?: string;
  end?: string;
}

/**
 * What a splat link does with the rest of the path when its target has no `:splat`: `append`
 * (the default) adds it to the target path; `drop` sends every path to the target as written
 * (the `_redirects` convention). A target with `:splat` always receives the remainder there.
 */
export const REMAINDER_MODES = ["append", "drop"] as const;
export type RemainderMode = (typeof REMAINDER_MODES)[number];

/** A per-link bypass of named target rules for an intranet target, with a mandatory reason. */
export interface TargetAllowance {
  rules: string[];
  reason: string;
}

/**
 * What a placeholder's value must be (docs/links.md, "params"): ASCII digits, within the bounds
 * when given (inclusive). No user regular expression reaches the runtime.
 */
export interface ParamRule {
  digits: true;
  min?: number;
  max?: number;
}

/** A placeholder link as the registry manifest lists it: its key, and its rules when it has any. */
export type PlaceholderEntry = [key: string, params?: Record<string, ParamRule>];

/** What a link matches: one path, a prefix and everything below it, or a pattern with `:name`. */
export type LinkKind = "exact" | "splat" | "placeholder";

/**
 * Who may use a private link (docs/private-links.md): the verified token's `email` must be one of
 * `emails` or end in `@` + one of `email_domains` (both lower case). Absent: every member of the zone.
 */
export interface UserAllowance {
  emails?: string[];
  email_domains?: string[];
}

/**
 * A private zone of site.yaml `access.zones` (docs/private-links.md): every path on or below
 * `prefix` (segment boundaries) needs a Cloudflare Access token for `aud`.
 */
export interface AccessZone {
  name: string;
  /** The prefix as a lookup key, case-folded, without slashes at either end: `staff`, `team/hr`. */
  prefix: string;
  /** The Access application's AUD tag. */
  aud: string;
  /** Intranet hosts (and their subdomains) and CIDRs its links may reach past rules 6 and 7. */
  allow_targets?: string[];
}

/** One link as the runtime sees it. */
export interface LinkRecord {
  kind: LinkKind;
  /** The slug as the editor wrote it, for example `Docs`, `gh/*` or `issue/:id`. */
  slug: string;
  /**
   * Lookup key: the normalised path without its leading `/` (splat: the prefix, without `/*`;
   * placeholder: the pattern, runtime/placeholders.ts).
   */
  key: string;
  target: string;
  status: RedirectStatus;
  state: LinkState;
  schedule?: Schedule;
  forward_query: boolean;
  /** Splat links only, and only when it is `drop` (absent means `append`). */
  remainder?: "drop";
  /** Placeholder links only: the rules their values must meet, by placeholder name. */
  params?: Record<string, ParamRule>;
  allow?: TargetAllowance;
  /** Other destinations by request facts and time (docs/routes.md); absent: always `target`. */
  routes?: LinkRoute[];
  /** The private zone the link lies in (its name); absent for a public link. */
  zone?: string;
  /** Private links only: who of the zone may use it. */
  allow_users?: UserAllowance;
  description?: string;
  tags?: string[];
  owner?: string;
  /** A short human name and internal notes: stats and explain only, like the description. */
  title?: string;
  notes?: string;
  /** Retired links: the slug that replaces this one; the retired page links to it. */
  successor?: string;
  /** The card link-preview bots get instead of the redirect (docs/previews.md). */
  preview?: LinkPreview;
  /**
   * The host this record answers on (ASCII, lower case), when it is not the default host
   * (docs/domains.md). A link placed on several hosts is one record per host.
   */
  domain?: string;
  /** Source file relative to the instance root, and 1-based line. */
  file: string;
  line: number;
}

/**
 * A link's own card: what Slack, X, iMessage and the other preview bots show for it. `image` is a
 * public path of a file under custom/public (`/cards/docs.png`) or an https URL.
 */
export interface LinkPreview {
  title: string;
  description?: string;
  image?: string;
}

/** `/links.json`: a small manifest. Links live in shards chosen by a hash of their key. */
export interface RegistryManifest {
  schema: typeof REGISTRY_SCHEMA;
  case_sensitive: boolean;
  shard_count: number;
  exact_count: number;
  splat_count: number;
  /** Distinct segment depths that splat prefixes have, ascending, so lookups try only those. */
  splat_depths: number[];
  /** The membership filter's size in bits (a multiple of 8) and its number of hash functions. */
  filter_bits: number;
  filter_hashes: number;
  /** Placeholder links, when there are any: matched from here, so no shard is read to find one. */
  placeholders?: PlaceholderEntry[];
}

/** `/links-shards/<n>.jsonl`, as the compiler builds it and `parseShard` reads it back. */
export interface RegistryShard {
  schema: typeof SHARD_SCHEMA;
  exact: Record<string, LinkRecord>;
  splat: Record<string, LinkRecord>;
  /** Only when the shard holds placeholder links. */
  placeholder?: Record<string, LinkRecord>;
}

/** `/links-blocklist.json`: probe rules and target policy. */
export interface Blocklist {
  schema: typeof BLOCKLIST_SCHEMA;
  /** Scanner probes: lower-cased path prefixes, path suffixes (extensions) and exact paths. */
  probes: { prefixes: string[]; suffixes: string[]; exact: string[]; contains: string[] };
  /** Registrable domains of public shorteners; each also blocks every subdomain. */
  shorteners: string[];
  /** Local example phishing-lure domains; each also blocks every subdomain. */
  lure_domains: string[];
  /** Any other blocked target host (and subdomains). */
  blocked_hosts: string[];
  /** Lower-case extensions with the dot, for example `.exe`. */
  blocked_extensions: string[];
  /** Keyword blocks on destinations (lower case), each with its category; absent when none. */
  blocked_keywords?: BlockedKeyword[];
}

/** One keyword block: a destination holding `keyword` is refused with `category` (SL230). */
export interface BlockedKeyword {
  keyword: string;
  /** Lower-case letters, digits and hyphens: sent as `X-Deny-Category`. */
  category: string;
  reason: string;
}

export interface HeaderRule {
  /** `_headers` path pattern, for example `/lookup/*`. */
  pattern: string;
  set: Record<string, string>;
  unset: string[];
}

/** `/links-site-config.json` */
export interface SiteConfig {
  schema: typeof SITE_CONFIG_SCHEMA;
  generator: string;
  base_url: string;
  default_lang: Lang;
  case_sensitive: boolean;
  /** Only when `/x` and `/x/` are different paths (site.yaml `trailing_slash: strict`). */
  trailing_slash?: "strict";
  /** Seconds of shared caching for redirects; 0 means `no-store`. */
  redirect_max_age: number;
  code_host_api: string;
  /** The optional product pages this instance publishes; the others answer like a miss. */
  pages: OptionalPage[];
  /** Every public static file the build wrote (product and custom). */
  static_paths: string[];
  /** Asset path of every HTML page -> its <title> (pageview events report it). */
  page_titles: Record<string, string>;
  /** Header rules compiled from `_headers` (defaults merged with custom/public/_headers). */
  header_rules: HeaderRule[];
  /**
   * The mandatory controls' values (lower-case header -> value of the defaults' `/*` rule): the
   * worker applies them after every rule wherever a rule set would weaken one (http/mandatory.ts).
   */
  mandatory_headers: Record<string, string>;
  /** Private zones, longest prefix first; absent when the site has none. */
  access_zones?: AccessZone[];
  /**
   * The hosts the instance answers on, the default first (docs/domains.md); absent when site.yaml
   * declares none, and then the instance answers every host as before.
   */
  domains?: DomainEntry[];
}

/** A host's own file (custom/domains/HOST/): where it lies among the assets, and its type. */
export interface HostFile {
  asset: string;
  content_type: string;
}

/** One host of `SiteConfig.domains`: what a request with this Host gets. */
export interface DomainEntry {
  /** ASCII, lower case, no port: compared with the request's host. */
  host: string;
  /**
   * Where the links, stats and tests files this host answers from live: "" for the default
   * host's (the root), `/links-hosts/<host>` for another's; an alias names its target's.
   */
  dir: string;
  /** The host whose links an alias answers with. */
  alias_of?: string;
  /** Where `/` redirects. */
  root?: string;
  /** Where every answer that would be the 404 page redirects instead. */
  not_found?: string;
  /** The AUD tag of this host's own Access application (ACCESS_AUD otherwise). */
  access_aud?: string;
  /** This host's own files by public path (an alias's include its target's). */
  files?: Record<string, HostFile>;
}

/**
 * One expectation of custom/tests.yaml (the tests page evaluates them, `check` too), with the
 * request facts it is asked with (docs/routes.md, "Trying a request").
 */
export interface Expectation extends NamedFacts {
  path: string;
  /** The host it is asked on, when not the default host (docs/domains.md). */
  domain?: string;
  at?: string;
  status: number;
  location?: string;
  file: string;
  line: number;
}

export type CspProfile = "strict" | "sandboxed";

/** `/links-custom-assets.json` */
export interface CustomAssets {
  schema: typeof CUSTOM_ASSETS_SCHEMA;
  files: { path: string; content_type: string; sha256: string; csp: CspProfile }[];
}

/**
 * One link in a stats page, compact: slug as written, kind (0 exact, 1 splat, 2 placeholder), target, status,
 * state (index in LINK_STATES), source file (index in the page's `files`) and line, then the
 * optional schedule, owner, tags, description, routes, title and notes (0 where absent; trailing
 * absent ones left out).
 */
export type StatsRow = [
  slug: string,
  kind: 0 | 1 | 2,
  target: string,
  status: RedirectStatus,
  state: number,
  file: number,
  line: number,
  schedule?: Schedule | 0,
  owner?: string | 0,
  tags?: string[] | 0,
  description?: string | 0,
  /** A link with routes: [route, target] or [route, target, variant] per destination. */
  routes?: ([string, string] | [string, string, string])[] | 0,
  title?: string | 0,
  notes?: string,
];

/**
 * `/links-stats/<n>.json`: consecutive entries of the one sorted sequence of listings (docs/stats.md).
 * A listing is `all`, a facet (`state:paused`, `kind:splat`, `owner:<name>`, `tag:<name>`) or a
 * schedule listing (`starts`, `ends`); within it, entries follow the normalised slug (schedule
 * listings: the time, then the slug).
 */
export interface StatsPage {
  schema: typeof STATS_PAGE_SCHEMA;
  /** Source files the rows name, by index. */
  files: string[];
  /** The listings of this page in order: [listing, index of its first row]. */
  groups: [string, number][];
  rows: StatsRow[];
  /**
   * Sizes of the ranges that start in this page and run past the next one, so a call never reads
   * the page where a long range ends: every such range is a prefix of `anchor`, and `counts` holds
   * [prefix length, entries, entries of each dense listing (StatsIndex.dense)].
   */
  spans: { anchor: string; counts: number[][] };
}

/** `/links-stats/index.json`: the small top-level index of the stats pages. */
export interface StatsIndex {
  schema: typeof STATS_INDEX_SCHEMA;
  case_sensitive: boolean;
  links: number;
  states: Record<LinkState, number>;
  /** `placeholder` only when there are placeholder links. */
  kinds: { exact: number; splat: number; placeholder?: number };
  /** Distinct owners and tags, and the most used (at most STATS_TOP_VALUES) with their counts. */
  owners: { count: number; top: [string, number][] };
  tags: { count: number; top: [string, number][] };
  /**
   * Facet listings that hold more than half the links: they are not copied, the API reads `all`
   * and keeps their rows.
   */
  dense: string[];
  pages: {
    /**
     * Each page's separator, a key at or below its first entry and above the previous page's
     * last, front-coded: [characters it shares with the previous page's separator, the rest];
     * every STATS_SEPARATOR_RESTART-th shares nothing.
     */
    first: [number, string][];
    /** Where each page's first entry lies in the whole sequence (the first page's is 0). */
    starts: number[];
    /** For each dense listing, the pages of `all` that hold none of its rows. */
    empty: number[][];
  };
  /** Positions in the whole sequence of the two schedule listings: [first, end). */
  events: { starts: [number, number]; ends: [number, number] };
}

/** `/links-tests/index.json`: how many expectations, and the first of each page. */
export interface TestsIndex {
  schema: typeof TESTS_INDEX_SCHEMA;
  total: number;
  starts: number[];
}

/** `/links-tests/<n>.json` */
export interface TestsPage {
  schema: typeof TESTS_PAGE_SCHEMA;
  expectations: Expectation[];
}
