/**
 * The paths the product itself serves. One table, used by the runtime to route and by the
 * compiler to refuse slugs that would collide with them.
 */
import {
  LANGUAGES,
  OPTIONAL_PAGES,
  PRIVATE_DIRS,
  PRIVATE_FILES,
  STATE_PAGES,
  type Lang,
} from "./contract/index.js";

/**
 * The lookup pages of the specification. `/lookup` follows the visitor's Accept-Language; the
 * others fix their language (docs/pages.md).
 */
export const LOOKUP_ROUTES: Record<Lang, string> = {
  en: "/lookup",
  fr: "/fr/consultation",
  es: "/es/consulta",
  it: "/it/consulta",
  de: "/de/abfrage",
};
/** The lookup page of each language whatever the visitor prefers: what pages link to. */
export const LOOKUP_PAGE_URLS: Record<Lang, string> = { ...LOOKUP_ROUTES, en: "/en/lookup" };
export const LOOKUP_RESOLVE_PATH = "/lookup/resolve";
export const ANALYTICS_LOOKUP_PATH = "/_analytics/lookup";
export const POST_PATHS = [LOOKUP_RESOLVE_PATH, ANALYTICS_LOOKUP_PATH] as const;

/** Generated product pages live here; the worker serves them under their public routes only. */
export const PAGES_DIR = "/_pages/";
/** Product static files (CSS, JS, fonts, images): public. */
export const STATIC_DIR = "/assets/";

export const PAGE_IDS = [
  ...OPTIONAL_PAGES,
  "lookup",
  "lookup-result",
  "not-found",
  "preview",
  ...STATE_PAGES,
  "stats",
  "tests",
] as const;
export type PageId = (typeof PAGE_IDS)[number];

export function pageAssetPath(lang: Lang, page: PageId): string {
  return `${PAGES_DIR}${lang}/${page}.html`;
}

/** The preview page's asset path, in any language (`/_pages/fr/preview.html`). */
export function isPreviewPagePath(path: string): boolean {
  return path.startsWith(PAGES_DIR) && path.endsWith("/preview.html");
}

/**
 * Lower-case slug prefixes no link may use, itself or anything below it (specification's
 * reserved slugs plus every path the product serves).
 */
export const RESERVED_PREFIXES: readonly string[] = [
  "_stats",
  "_tests",
  "api",
  "_worker",
  "_analytics",
  "_pages",
  "assets",
  ...PRIVATE_FILES.map((path) => path.slice(1)),
  ...PRIVATE_DIRS.map((dir) => dir.slice(1, -1)),
  "lookup",
  "robots.txt",
  "favicon.ico",
  "cdn-cgi",
  ...LANGUAGES.flatMap((lang) => [`${lang}/_stats`, `${lang}/_tests`]),
  ...Object.values(LOOKUP_ROUTES).map((route) => route.slice(1)),
];

/** True when a lower-cased lookup key is a reserved path or lies below one. */
export function isReservedKey(key: string): boolean {
  return RESERVED_PREFIXES.some((prefix) => key === prefix || key.startsWith(prefix + "/"));
}
