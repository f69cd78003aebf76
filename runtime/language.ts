import { LANGUAGES, type Lang } from "./contract/index.js";

/** Accept-Language entries read, at most: a longer header is cut (a visitor lists a few). */
const MAX_TAGS = 20;

/**
 * The tags of an Accept-Language header, lower-case, by q-value (ties keep the header's order);
 * q=0 and unreadable q-values are dropped. Pages pick their language from it, routes too.
 */
export function rankedLanguageTags(acceptLanguage: string | null | undefined): string[] {
  if (!acceptLanguage) return [];
  // Without parameters every tag weighs 1, in the header's order: no sort to do.
  if (!acceptLanguage.includes(";"))
    return acceptLanguage
      .toLowerCase()
      .split(",", MAX_TAGS)
      .map((tag) => tag.trim())
      .filter((tag) => tag !== "");
  return acceptLanguage
    .split(",")
    .slice(0, MAX_TAGS)
    .map((part, index) => {
      const [tag, ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0 && entry.tag !== "")
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The first supported language in Accept-Language (by q-value, then order); the site default otherwise. */
export function chooseLanguage(acceptLanguage: string | null | undefined, fallback: Lang): Lang {
  for (const tag of rankedLanguageTags(acceptLanguage)) {
    const primary = tag.split("-")[0];
    if ((LANGUAGES as readonly string[]).includes(primary)) return primary as Lang;
  }
  return fallback;
}

/** The first language tag as the visitor sent it (for analytics), or undefined. */
export function firstLanguageTag(acceptLanguage: string | null | undefined): string | undefined {
  const first = acceptLanguage?.split(",")[0]?.split(";")[0]?.trim();
  return first ? first : undefined;
}
