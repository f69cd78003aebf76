/**
 * Random slugs for `add` without a slug (docs/editing.md#random-slugs): characters drawn with
 * crypto.randomInt from a readable alphabet (no look-alikes: no 0/o, 1/l/i, 2/z, 5/s, 6, u),
 * as many as the site asks for: a length given on the command line, else the shortest length of
 * the new link's tags that site.yaml names, else the site's length, else the product's.
 */
import { randomInt } from "node:crypto";
import type { Site } from "../../stages/1-sources/site/site-schema.js";

/** The product's defaults (vanityURLs' alphabet; one character longer than its default length). */
export const DEFAULT_RANDOM_SLUG_LENGTH = 4;
export const DEFAULT_RANDOM_SLUG_ALPHABET = "34789abcdefghjkmnpqrstvwxy";
/** Draws tried against the known slugs before giving up on a length as full. */
const DRAWS = 1_000;

export interface SlugShape {
  length: number;
  alphabet: string;
}

export function slugShape(
  site: Pick<Site, "random_slug_length" | "random_slug_alphabet" | "tag_random_slug_lengths">,
  tags: readonly string[],
  length?: number,
): SlugShape {
  const byTag = tags
    .map((tag) => site.tag_random_slug_lengths?.[tag])
    .filter((n): n is number => n !== undefined);
  return {
    length:
      length ??
      (byTag.length > 0 ? byTag.reduce((a, b) => Math.min(a, b)) : undefined) ??
      site.random_slug_length ??
      DEFAULT_RANDOM_SLUG_LENGTH,
    alphabet: site.random_slug_alphabet ?? DEFAULT_RANDOM_SLUG_ALPHABET,
  };
}

/** A slug of `shape` whose key (`fold` of it) is not in `taken`, or undefined when none is found. */
export function drawSlug(
  shape: SlugShape,
  taken: ReadonlySet<string>,
  fold: (slug: string) => string,
): string | undefined {
  for (let i = 0; i < DRAWS; i++) {
    let slug = "";
    for (let n = 0; n < shape.length; n++) slug += shape.alphabet[randomInt(shape.alphabet.length)];
    if (!taken.has(fold(slug))) return slug;
  }
  return undefined;
}
