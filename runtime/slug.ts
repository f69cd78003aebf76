/**
 * The slug grammar, shared by the compiler (which refuses bad slugs) and the runtime (which
 * decides whether a missed path looked like a short link at all).
 */
import { MAX_SLUG_LENGTH } from "./contract/index.js";
import { isReservedKey, STATIC_DIR } from "./routes.js";
import { CONTROL } from "./targets/rules.js";

/** One path segment of a slug: letters and digits of any script, `-`, `_`, `.`, `~`. */
const SLUG_CHARACTERS = /^[\p{L}\p{N}\p{M}_~.-]+$/u;

/**
 * A slug segment: slug characters only, none of them invisible (some letters and marks are
 * Default_Ignorable_Code_Points: Hangul fillers, variation selectors, the grapheme joiner).
 */
export function isSlugSegment(segment: string): boolean {
  return SLUG_CHARACTERS.test(segment) && !CONTROL.test(segment);
}

/** The first character of `segment` that no slug may hold, or undefined. */
export function badSlugCharacter(segment: string): string | undefined {
  return [...segment].find((c) => !isSlugSegment(c));
}
/** A last segment that ends like a file name (`x.php`, `logo.png`) is not a short-link candidate. */
const FILE_EXTENSION = /\.[a-z0-9]{1,8}$/i;

/**
 * A missed path is a short-link candidate (worth a short-link-miss event) when every segment is
 * slug-shaped, the last has no file extension, and it is not under a reserved or static prefix.
 */
export function isShortLinkCandidate(segments: readonly string[], key: string): boolean {
  if (segments.length === 0 || key.length > MAX_SLUG_LENGTH) return false;
  if (!segments.every(isSlugSegment)) return false;
  if (FILE_EXTENSION.test(segments[segments.length - 1])) return false;
  return !isReservedKey(key) && !("/" + key + "/").startsWith(STATIC_DIR);
}
