import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { STATS_SEPARATOR_RESTART } from "../contract/index.js";
import { encodeSeparators, Separators } from "./separators.js";

/** Sorted, distinct, starting with "" like the index's (page 0's separator). */
const separatorsArb = fc
  .uniqueArray(fc.string({ unit: fc.constantFrom("a", "b", "c", "/", " ", "é"), maxLength: 8 }), {
    maxLength: 60,
  })
  .map((list) => ["", ...list.filter((s) => s !== "").sort()]);

describe("front-coded separators", () => {
  it("share the start of the previous one, except every restart, written whole", () => {
    const list = Array.from(
      { length: STATS_SEPARATOR_RESTART + 2 },
      (_, i) => `all docs/${String(i).padStart(3, "0")}`,
    );
    const coded = encodeSeparators(["", ...list]);
    expect(coded.slice(0, 3)).toEqual([
      [0, ""],
      [0, "all docs/000"],
      [11, "1"],
    ]);
    expect(coded[STATS_SEPARATOR_RESTART]).toEqual([0, list[STATS_SEPARATOR_RESTART - 1]]);
  });

  it("decode to what was encoded, at any position", () => {
    fc.assert(
      fc.property(separatorsArb, (list) => {
        const separators = new Separators(encodeSeparators(list));
        expect(list.map((_, i) => separators.at(i))).toEqual(list);
      }),
    );
  });

  it("find the last page whose separator sorts at or below a key, as a full search would", () => {
    fc.assert(
      fc.property(
        separatorsArb,
        fc.string({ unit: fc.constantFrom("a", "b", "c", "/", " "), maxLength: 9 }),
        (list, key) => {
          const expected = list.reduce((page, separator, i) => (separator <= key ? i : page), 0);
          expect(new Separators(encodeSeparators(list)).pageOf(key)).toBe(expected);
        },
      ),
    );
  });
});
