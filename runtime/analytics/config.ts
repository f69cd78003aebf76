/**
 * Analytics configuration from the runtime variables, named exactly as the specification does.
 * Parsed once per isolate (cached by the variables' values); a bad value disables only the
 * provider it belongs to, with one warning line (code, variable name, never the value).
 */
import { runtimeProblem, type RuntimeCode } from "../codes.js";
import { QUERY_MODES, type QueryMode } from "./query.js";
import { PROVIDERS, type AnalyticsEnv, type Provider } from "./types.js";

export type IpMode = "full" | "truncated" | "none";
export type BotMode = "normalize" | "original";

export interface ProviderAConfig {
  endpoint: string;
  website: string;
  ipMode: IpMode;
  botMode: BotMode;
}
export interface ProviderBConfig {
  endpoint: string;
  siteId: string;
  botMode: BotMode;
  /** PROVIDER_B_COLLECTION_KEY, sent as `Authorization: Bearer`; absent when unset. */
  collectionKey?: string;
}
/** Fathom, as vanityURLs sends it (docs/analytics.md, "Fathom"). */
export interface FathomConfig {
  endpoint: string;
  siteId: string;
  botMode: BotMode;
}
export interface AnalyticsConfig {
  provider_a?: ProviderAConfig;
  provider_b?: ProviderBConfig;
  fathom?: FathomConfig;
  /** ANALYTICS_QUERY_MODE, for both providers. */
  queryMode: QueryMode;
  /** One line per rejected setting: `SL7xx VARIABLE: what was expected`. */
  problems: string[];
}

/** An RFC 9562 UUID, version 1-8, variant 10xx: what Umami's `z.uuid()` accepts, less nil and max. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const SITE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Fathom's site ids are a few capital letters (`ABCDEFGH`); any letters and digits are taken. */
const FATHOM_SITE_ID = /^[A-Za-z0-9]{1,32}$/;
export const FATHOM_DEFAULT_ENDPOINT = "https://cdn.usefathom.com/";
/** An API key: visible ASCII without spaces, so it is safe in a header. */
const COLLECTION_KEY = /^[\x21-\x7e]{8,512}$/;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Pure: the configuration and every problem found. */
export function parseAnalyticsConfig(env: AnalyticsEnv): AnalyticsConfig {
  const problems: string[] = [];
  const queryMode = parseEnum(
    "ANALYTICS_QUERY_MODE",
    env.ANALYTICS_QUERY_MODE,
    QUERY_MODES,
    "campaign",
    problems,
    "SL705",
    "analytics is off",
  );
  const enabled = queryMode
    ? parseProviders(env.ANALYTICS_PROVIDER, problems)
    : new Set<Provider>();
  const config: AnalyticsConfig = { problems, queryMode: queryMode ?? "campaign" };
  if (enabled.has("provider_a")) {
    const endpoint = parseEndpoint("PROVIDER_A_ENDPOINT", env.PROVIDER_A_ENDPOINT, problems);
    const website = parseId(
      "PROVIDER_A_WEBSITE_ID",
      env.PROVIDER_A_WEBSITE_ID,
      UUID,
      "a UUID (version 1-8, RFC 9562 variant)",
      problems,
    );
    const ipMode = parseEnum(
      "PROVIDER_A_GEO_IP_MODE",
      env.PROVIDER_A_GEO_IP_MODE,
      ["full", "truncated", "none"],
      "truncated",
      problems,
    );
    const botMode = parseBotMode("PROVIDER_A_BOT_MODE", env.PROVIDER_A_BOT_MODE, problems);
    if (endpoint && website && ipMode && botMode)
      config.provider_a = { endpoint, website, ipMode, botMode };
  }
  if (enabled.has("provider_b")) {
    const endpoint = parseEndpoint("PROVIDER_B_ENDPOINT", env.PROVIDER_B_ENDPOINT, problems);
    const siteId = parseId(
      "PROVIDER_B_SITE_ID",
      env.PROVIDER_B_SITE_ID,
      SITE_ID,
      "1-64 letters, digits, - or _",
      problems,
    );
    const botMode = parseBotMode("PROVIDER_B_BOT_MODE", env.PROVIDER_B_BOT_MODE, problems);
    const key = parseCollectionKey(env.PROVIDER_B_COLLECTION_KEY, problems);
    if (endpoint && siteId && botMode && key !== null)
      config.provider_b = { endpoint, siteId, botMode, ...(key ? { collectionKey: key } : {}) };
  }
  if (enabled.has("fathom")) {
    const endpoint = parseEndpoint(
      "FATHOM_ENDPOINT",
      env.FATHOM_ENDPOINT?.trim() || FATHOM_DEFAULT_ENDPOINT,
      problems,
      "SL711",
    );
    const siteId = parseId(
      "FATHOM_SITE_ID",
      env.FATHOM_SITE_ID,
      FATHOM_SITE_ID,
      "Fathom's site id, 1-32 letters or digits",
      problems,
      "SL710",
    );
    const botMode = parseBotMode("FATHOM_BOT_MODE", env.FATHOM_BOT_MODE, problems, "SL712");
    if (endpoint && siteId && botMode) config.fathom = { endpoint, siteId, botMode };
  }
  return config;
}

/** Whether any provider is on. */
export function anyProvider(config: AnalyticsConfig): boolean {
  return Boolean(config.provider_a || config.provider_b || config.fathom);
}

function parseProviders(raw: string | undefined, problems: string[]): Set<Provider> {
  const value = (raw ?? "").trim().toLowerCase();
  if (value === "" || value === "disabled") return new Set();
  const parts = value.split(",").map((p) => p.trim());
  const known = parts.every((p) => (PROVIDERS as readonly string[]).includes(p));
  if (!known || new Set(parts).size !== parts.length) {
    problems.push(
      runtimeProblem(
        "SL701",
        "ANALYTICS_PROVIDER: expected disabled, provider_a, provider_b or provider_a,provider_b, each optionally with fathom; analytics is off",
      ),
    );
    return new Set();
  }
  return new Set(parts as Provider[]);
}

function parseEndpoint(
  name: string,
  raw: string | undefined,
  problems: string[],
  code: RuntimeCode = "SL702",
): string | undefined {
  const value = (raw ?? "").trim();
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const ok =
    url !== undefined &&
    url.username === "" &&
    url.password === "" &&
    (url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.has(url.hostname)));
  if (ok) return url!.href;
  problems.push(
    runtimeProblem(
      code,
      `${name}: expected an https:// URL (http:// only on localhost) without credentials; provider disabled`,
    ),
  );
  return undefined;
}

function parseId(
  name: string,
  raw: string | undefined,
  pattern: RegExp,
  expected: string,
  problems: string[],
  code: RuntimeCode = "SL703",
): string | undefined {
  const value = (raw ?? "").trim();
  if (pattern.test(value)) return value;
  problems.push(runtimeProblem(code, `${name}: expected ${expected}; provider disabled`));
  return undefined;
}

function parseEnum<T extends string>(
  name: string,
  raw: string | undefined,
  allowed: readonly T[],
  fallback: T,
  problems: string[],
  code: RuntimeCode = "SL704",
  effect = "provider disabled",
): T | undefined {
  const value = (raw ?? "").trim().toLowerCase();
  if (value === "") return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  problems.push(runtimeProblem(code, `${name}: expected one of ${allowed.join(", ")}; ${effect}`));
  return undefined;
}

/** The key, undefined when unset (allowed), null when malformed (the provider is off). */
function parseCollectionKey(
  raw: string | undefined,
  problems: string[],
): string | undefined | null {
  const value = (raw ?? "").trim();
  if (value === "") return undefined;
  if (COLLECTION_KEY.test(value)) return value;
  problems.push(
    runtimeProblem(
      "SL706",
      "PROVIDER_B_COLLECTION_KEY: expected an API key (8-512 visible ASCII characters, no spaces); provider disabled",
    ),
  );
  return null;
}

function parseBotMode(
  name: string,
  raw: string | undefined,
  problems: string[],
  code: RuntimeCode = "SL704",
): BotMode | undefined {
  const modes = ["normalize", "normalise", "original"] as const;
  const value = parseEnum(name, raw, modes, "normalize", problems, code);
  return value === "normalise" ? "normalize" : value;
}

/** Every variable analytics reads. PROVIDER_B_API_TOKEN is not one: the runtime never reads it. */
export const ANALYTICS_KEYS = [
  "ANALYTICS_PROVIDER",
  "ANALYTICS_QUERY_MODE",
  "PROVIDER_A_ENDPOINT",
  "PROVIDER_A_WEBSITE_ID",
  "PROVIDER_A_GEO_IP_MODE",
  "PROVIDER_A_BOT_MODE",
  "PROVIDER_B_SITE_ID",
  "PROVIDER_B_ENDPOINT",
  "PROVIDER_B_BOT_MODE",
  "PROVIDER_B_COLLECTION_KEY",
  "FATHOM_SITE_ID",
  "FATHOM_ENDPOINT",
  "FATHOM_BOT_MODE",
] as const;

let cachedEnv: AnalyticsEnv | undefined;
let cachedKey: string | undefined;
let cachedConfig: AnalyticsConfig | undefined;

/**
 * Per isolate: the same env object (workerd passes one per isolate) is a cache hit at once;
 * another object with the same values too. Warns once per problem when it parses.
 */
export function loadAnalyticsConfig(env: AnalyticsEnv): AnalyticsConfig {
  if (cachedConfig && env === cachedEnv) return cachedConfig;
  const key = JSON.stringify(ANALYTICS_KEYS.map((k) => env[k] ?? null));
  cachedEnv = env;
  if (cachedConfig && key === cachedKey) return cachedConfig;
  cachedConfig = parseAnalyticsConfig(env);
  cachedKey = key;
  for (const problem of cachedConfig.problems) console.warn(`shortlinks analytics: ${problem}`);
  return cachedConfig;
}
