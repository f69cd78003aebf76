/**
 * Property: the sequence's order is the plain one, indices sorted by their keys with `<` and equal
 * keys kept in index order, whatever the keys (shared prefixes, duplicates, non-ASCII text, lone
 * surrogates), though the keys compared are copies of them.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sortedKeys } from "./sequence.js";

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const key = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.string({ unit: "binary", maxLength: 6 }),
  fc.constantFrom("", "a", "a/*", "*", "issue/:id", "é", "\ud800", "\udc00x", "a\u0000"),
);

describe("the stats sequence's order", () => {
  it("is the plain stable sort of the keys", () => {
    fc.assert(
      fc.property(fc.array(key, { maxLength: 80 }), (keys) => {
        const plain = Array.from(keys, (_, i) => i).sort((a, b) => compare(keys[a], keys[b]));
        const sorted = sortedKeys(keys);
        expect(sorted.order).toEqual(plain);
        expect(sorted.keys).toEqual(plain.map((i) => keys[i]));
      }),
      { numRuns: 500 },
    );
  });
});
