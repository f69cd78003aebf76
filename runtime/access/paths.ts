/**
 * The operational paths behind Cloudflare Access: stats (with its registry API) and tests, under
 * every language prefix, and under no prefix at all (English).
 */
import { foldCase } from "../case-fold.js";

export type ProtectedArea = "stats" | "tests";

export interface ProtectedPath {
  area: ProtectedArea;
  /** The language prefix, or `en` when the path has none. */
  lang: string;
  /** What follows the area, without a leading `/`: `""` for the area itself, `api/links.json`. */
  rest: string;
}

const AREAS = new Map<string, ProtectedArea>([
  ["_stats", "stats"],
  ["_tests", "tests"],
]);
const DEFAULT_LANG = "en";

/**
 * `normalizedLowerPath` is `"/" + normalizePath(...).key`. It is case-folded again here so a
 * case-sensitive site cannot open `/EN/_Stats` by accident.
 */
export function isProtectedPath(
  normalizedLowerPath: string,
  languages: readonly string[],
): ProtectedPath | null {
  const segments = foldCase(normalizedLowerPath)
    .split("/")
    .filter((segment) => segment !== "");
  const [first, second] = segments;
  const bare = first === undefined ? undefined : AREAS.get(first);
  if (bare) return { area: bare, lang: DEFAULT_LANG, rest: segments.slice(1).join("/") };
  const localized = second === undefined ? undefined : AREAS.get(second);
  if (localized && languages.includes(first)) {
    return { area: localized, lang: first, rest: segments.slice(2).join("/") };
  }
  return null;
}
