/**
 * A `_redirects` source path as a slug: exact paths, a trailing `/*` splat, and `:name`
 * placeholders (each a whole segment), as the platforms' documents describe them
 * (docs/coming-from-redirects.md). With `trailing_slash: strict` a trailing `/` stays in the slug.
 */
import { normalizePath } from "../../../../runtime/normalize.js";
import { SPLAT_NAME } from "../../../../runtime/placeholders.js";

/** A placeholder as the platforms write it: `:` then a letter, then letters, digits or `_`. */
export const PLACEHOLDER = /:[A-Za-z]\w*/;
const WHOLE_PLACEHOLDER = /^:[A-Za-z]\w*$/;

/** The source as the platform stores it: a leading `/`, no query or fragment, URL-parsed. */
export function platformPath(raw: string): string {
  const path = raw.startsWith("/") ? raw : `/${raw}`;
  return new URL(`//${path}`, "relative://").pathname;
}

export type SourceSlug =
  { slug: string; splat: boolean; placeholders: string[] } | { problem: string; hint?: string };

/** The slug of a source path, or why it has none. */
export function slugOf(from: string, options: { strict: boolean; platform: string }): SourceSlug {
  const stars = from.split("*").length - 1;
  if (stars > 1) return { problem: "two * in one source: the platform never matches it" };
  if (stars === 1 && !from.endsWith("/*"))
    return {
      problem: `* inside ${from}: a splat is a whole trailing segment (prefix/*); ${from} also matches paths that only start with the same letters`,
    };
  const splat = stars === 1;
  const path = splat ? from.slice(0, -2) : from;
  const placeholders: string[] = [];
  for (const segment of path.split("/")) {
    if (!PLACEHOLDER.test(segment)) continue;
    if (!WHOLE_PLACEHOLDER.test(segment))
      return {
        problem: `placeholder ${PLACEHOLDER.exec(segment)![0]} shares its segment with other text (${segment}): a placeholder here is a whole segment`,
      };
    const name = segment.slice(1);
    if (placeholders.includes(name))
      return {
        problem: `placeholder :${name} is named twice: ${options.platform} names each placeholder once`,
      };
    if (name.startsWith(SPLAT_NAME))
      return {
        problem: `placeholder :${name}: :${SPLAT_NAME} names the splat's value in a target, so a placeholder may not use that name`,
      };
    placeholders.push(name);
  }
  // The runtime's own path rules: a source it would refuse as a request path answers nothing.
  const normal = normalizePath(path, true);
  if (!normal.ok)
    return {
      problem:
        normal.reason === "encoded-separator"
          ? `an encoded / or \\ (%2F, %5C) in ${from}: the platform matches it as written, and shortlinks answers no path that holds one`
          : `${from} is a path shortlinks refuses (${normal.reason})`,
    };
  if (normal.segments.length === 0 && !splat)
    return { problem: "the site root / belongs to the product, not to a link" };
  const body = normal.segments.join("/");
  const slash = options.strict && !splat && hasTrailingSlash(from) ? "/" : "";
  return {
    slug: splat ? (body === "" ? "*" : `${body}/*`) : body + slash,
    splat,
    placeholders,
  };
}

export function hasTrailingSlash(path: string): boolean {
  return path.length > 1 && path.endsWith("/") && !path.endsWith("*/");
}

/** The same path with its trailing slash toggled: `/x` <-> `/x/`. */
export function slashTwin(path: string): string {
  return hasTrailingSlash(path) ? path.slice(0, -1) : `${path}/`;
}
