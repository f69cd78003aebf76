/**
 * The `language` condition (docs/routes.md, "language"): the visitor's language for a link is the
 * first of their Accept-Language tags, by preference, that any `language` value of the link's
 * routes covers; a condition holds when one of its values covers that tag. So the visitor's order
 * decides, not the routes' order.
 */

/** A language value covers a tag when it is the tag or a prefix of it on a subtag boundary. */
export function coversTag(value: string, tag: string): boolean {
  return tag === value || (tag.startsWith(value) && tag.charCodeAt(value.length) === 45); // "-"
}

/**
 * The visitor's language for a link whose routes name `values` (lower-case): the first of `tags`
 * (ranked, lower-case) that a value covers; null when none is.
 */
export function visitorLanguage(tags: readonly string[], values: readonly string[]): string | null {
  for (const tag of tags) for (const value of values) if (coversTag(value, tag)) return tag;
  return null;
}
