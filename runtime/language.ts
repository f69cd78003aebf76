import { LANGUAGES, type Lang } from "./contract/index.js";

/** The first supported language in Accept-Language (by q-value, then order); the site default otherwise. */
export function chooseLanguage(acceptLanguage: string | null | undefined, fallback: Lang): Lang {
  if (!acceptLanguage) return fallback;
  const ranked = acceptLanguage
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag, ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { primary: tag.split("-")[0], weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { primary } of ranked)
    if ((LANGUAGES as readonly string[]).includes(primary)) return primary as Lang;
  return fallback;
}

/** The first language tag as the visitor sent it (for analytics), or undefined. */
export function firstLanguageTag(acceptLanguage: string | null | undefined): string | undefined {
  const first = acceptLanguage?.split(",")[0]?.split(";")[0]?.trim();
  return first ? first : undefined;
}
