/**
 * The routes of the domain's own pages that a link may take first (docs/pages.md, "Which answer
 * comes first"): the home page, the legal pages, `/<lang>/lookup`, and the other spellings of
 * security.txt. resolve() asks here only once no link answers a path.
 */
import { LANGUAGES, type Lang, type OptionalPage } from "./contract/index.js";
import type { PageId } from "./routes.js";

/** Where the build writes security.txt (RFC 9116), a static file like any other. */
export const SECURITY_TXT_PATH = "/.well-known/security.txt";
/** The spellings that redirect to it, lower-cased (RFC 9116 allows the legacy top-level path). */
const SECURITY_TXT_ALIASES: readonly string[] = ["/security.txt", SECURITY_TXT_PATH];

/** A page's name in a path, alone (`/privacy`) or under a language (`/fr/privacy`). */
const PAGE_NAMES: ReadonlyMap<string, PageId> = new Map<string, PageId>([
  ["index", "home"],
  ["lookup", "lookup"],
  ["privacy", "privacy"],
  ["terms", "terms"],
  ["abuse", "abuse"],
  ["trust-safety", "abuse"],
  ["security", "security"],
]);

/** A page that answers a path: its language when the path fixes it. */
export type PageRoute = { page: PageId; lang?: Lang } | { redirect: string };

function isLang(segment: string): segment is Lang {
  return (LANGUAGES as readonly string[]).includes(segment);
}

/** The page (or redirect) a lower-cased normalised path names, whether or not it is published. */
export function pageRouteOf(lowerPath: string): PageRoute | undefined {
  if (SECURITY_TXT_ALIASES.includes(lowerPath)) return { redirect: SECURITY_TXT_PATH };
  const segments = lowerPath.split("/").filter((segment) => segment !== "");
  if (segments.length === 0) return { page: "home" };
  if (segments.length > 2) return undefined;
  const [first, second] = segments;
  if (second === undefined) {
    if (isLang(first)) return { page: "home", lang: first };
    const page = PAGE_NAMES.get(first);
    // `/lookup` itself is a product route, answered before any link.
    return page === undefined || page === "lookup" ? undefined : { page };
  }
  const page = PAGE_NAMES.get(second);
  return isLang(first) && page !== undefined ? { page, lang: first } : undefined;
}

/** Whether a page is there to answer: the lookup page always, the optional pages once published. */
export function isPagePublished(page: PageId, published: readonly OptionalPage[]): boolean {
  return page === "lookup" || (published as readonly string[]).includes(page);
}

/** The route of an optional page that fixes `lang`: where pages link to it. */
export function ownPageUrl(page: OptionalPage, lang: Lang): string {
  return page === "home" ? `/${lang}` : `/${lang}/${page === "abuse" ? "trust-safety" : page}`;
}

/** Every path the optional pages, `/<lang>/lookup` and the security.txt redirect answer on. */
export function ownPagePaths(
  published: readonly OptionalPage[],
  staticPaths: ReadonlySet<string>,
): { path: string; page: PageId | "security.txt" }[] {
  const names = ["", ...PAGE_NAMES.keys()];
  const candidates = [
    "/security.txt",
    ...["", ...LANGUAGES].flatMap((prefix) =>
      names.map((name) => [prefix, name].filter((part) => part !== "").join("/")),
    ),
  ];
  const paths: { path: string; page: PageId | "security.txt" }[] = [];
  for (const candidate of new Set(candidates)) {
    const path = candidate.startsWith("/") ? candidate : `/${candidate}`;
    const route = pageRouteOf(path);
    if (!route) continue;
    if ("redirect" in route) {
      if (staticPaths.has(route.redirect)) paths.push({ path, page: "security.txt" });
    } else if (isPagePublished(route.page, published)) paths.push({ path, page: route.page });
  }
  return paths;
}
