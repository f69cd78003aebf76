/**
 * The slug grammar, shared by the compiler (which refuses bad slugs) and the runtime (which
 * decides whether a missed path looked like a short link at all).
 */
import { MAX_SLUG_LENGTH } from "./contract/index.js";
import { isReservedKey, STATIC_DIR } from "./routes.js";

/** One path segment of a slug: letters and digits of any script, `-`, `_`, `.`, `~`. */
export const SLUG_SEGMENT = /^[\p{L}\p{N}\p{M}_~.-]+$/u;
/** A last segment that ends like a file name (`x.php`, `logo.png`) is not a short-link candidate. */
const FILE_EXTENSION = /\.[a-z0-9]{1,8}$/i;

/**
 * A missed path is a short-link candidate (worth a short-link-miss event) when every segment is
 * slug-shaped, the last has no file extension, and it is not under a reserved or static prefix.
 */
export function isShortLinkCandidate(segments: readonly string[], key: string): boolean {
  if (segments.length === 0 || key.length > MAX_SLUG_LENGTH) return false;
  if (!segments.every((segment) => SLUG_SEGMENT.test(segment))) return false;
  if (FILE_EXTENSION.test(segments[segments.length - 1])) return false;
  return !isReservedKey(key) && !("/" + key + "/").startsWith(STATIC_DIR);
}
