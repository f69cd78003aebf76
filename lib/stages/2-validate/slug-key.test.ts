import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizePath } from "../../../runtime/normalize.js";
import { isSlugSegment } from "../../../runtime/slug.js";
import { parseSlug, slugBodyKey } from "./slugs.js";

const segment = fc
  .array(
    fc.constantFrom(
      "a",
      "Z",
      "0",
      "-",
      "_",
      ".",
      "~",
      "é",
      "e\u0301",
      "\u212a",
      "ß",
      "Σ",
      "ς",
      "İ",
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((chars) => chars.join(""))
  .filter((s) => isSlugSegment(s) && s !== "." && s !== "..");
const body = fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join("/"));

describe("a slug's key is normalizePath's key", () => {
  it("slugBodyKey equals normalizePath for every body of slug segments, ASCII or not", () => {
    fc.assert(
      fc.property(body, fc.boolean(), (text, caseSensitive) => {
        const normal = normalizePath("/" + text, caseSensitive);
        const expected = normal.ok ? normal.key : { reason: normal.reason };
        expect(slugBodyKey(text, caseSensitive)).toEqual(expected);
        if (normal.ok)
          expect(parseSlug(text, caseSensitive)).toMatchObject({
            ok: true,
            key: normal.key,
            segments: normal.segments.length,
          });
      }),
      { numRuns: 3000 },
    );
  });
});
