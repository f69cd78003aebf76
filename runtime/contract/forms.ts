/**
 * The shapes of the compiled files that the compiler writes and the runtime reads: data (JSON
 * assets), never generated code. lib/assets/asset-schemas.ts holds the same shapes as zod schemas
 * and fails to typecheck when the two disagree.
 */
import type {
  BLOCKLIST_SCHEMA,
  CUSTOM_ASSETS_SCHEMA,
  REGISTRY_SCHEMA,
  SHARD_SCHEMA,
  SITE_CONFIG_SCHEMA,
} from "./files.js";

export const LANGUAGES = ["en", "fr", "es", "it", "de"] as const;
export type Lang = (typeof LANGUAGES)[number];

export const LINK_STATES = ["active", "paused", "retired", "disabled", "draft"] as const;
export type LinkState = (typeof LINK_STATES)[number];
/** What a link is at one moment, after its schedule is applied. */
export type EffectiveState = LinkState | "scheduled" | "expired";

export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

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

/** One link as the runtime sees it. */
export interface LinkRecord {
  kind: "exact" | "splat";
  /** The slug as the editor wrote it, for example `Docs` or `gh/*`. */
  slug: string;
  /** Lookup key: the normalised path without its leading `/` (splat: the prefix, without `/*`). */
  key: string;
  target: string;
  status: RedirectStatus;
  state: LinkState;
  schedule?: Schedule;
  forward_query: boolean;
  /** Splat links only, and only when it is `drop` (absent means `append`). */
  remainder?: "drop";
  allow?: TargetAllowance;
  description?: string;
  tags?: string[];
  owner?: string;
  /** Source file relative to the instance root, and 1-based line. */
  file: string;
  line: number;
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
}

/** `/links-shards/<n>.jsonl`, as the compiler builds it and `parseShard` reads it back. */
export interface RegistryShard {
  schema: typeof SHARD_SCHEMA;
  exact: Record<string, LinkRecord>;
  splat: Record<string, LinkRecord>;
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
  site_name: string;
  base_url: string;
  default_lang: Lang;
  languages: Lang[];
  case_sensitive: boolean;
  default_status: RedirectStatus;
  /** Seconds of shared caching for redirects; 0 means `no-store`. */
  redirect_max_age: number;
  code_host_api: string;
  /** Public paths of generated product pages, e.g. lookup: { en: "/lookup", fr: "/fr/consultation" }. */
  routes: {
    lookup: Record<Lang, string>;
    stats: string; // "/<lang>/_stats/"
    tests: string; // "/<lang>/_tests/"
  };
  /** Every public static file the build wrote (product and custom). */
  static_paths: string[];
  /** Asset path of every HTML page -> its <title> (pageview events report it). */
  page_titles: Record<string, string>;
  /** Header rules compiled from `_headers` (defaults merged with custom/public/_headers). */
  header_rules: HeaderRule[];
  /** Instance expectations from custom/tests.yaml, evaluated by the tests page. */
  expectations: Expectation[];
  public_disclosure?: string;
}

export interface Expectation {
  path: string;
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
