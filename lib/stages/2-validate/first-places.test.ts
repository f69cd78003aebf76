import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FirstPlaces } from "./first-places.js";

const key = fc.oneof(
  { arbitrary: fc.constantFrom("", "a", "A", "a/b", "b", "é", "😀", "a\nb"), weight: 3 },
  { arbitrary: fc.string({ maxLength: 6 }), weight: 1 },
);

describe("the conflict pass's table of first places answers as a Map of first places does", () => {
  it("firstWins, get and values match a Map, however many keys it was sized for", () => {
    let repeats = 0;
    fc.assert(
      fc.property(
        fc.nat({ max: 40 }),
        fc.array(fc.record({ put: fc.boolean(), key }), { minLength: 20, maxLength: 120 }),
        (expected, steps) => {
          const table = new FirstPlaces(expected);
          const map = new Map<string, number>();
          steps.forEach(({ put, key }, at) => {
            if (!put) return expect(table.get(key)).toBe(map.get(key));
            const first = map.get(key);
            if (first === undefined) map.set(key, at);
            else repeats++;
            expect(table.firstWins(key, at)).toBe(first);
          });
          expect([...table.values()]).toEqual([...map.values()]);
          for (const k of map.keys()) expect(table.get(k)).toBe(map.get(k));
        },
      ),
      { numRuns: 1500 },
    );
    expect(repeats).toBeGreaterThan(5000);
  });

  it("keys far past its size all go in and are found (it grows)", () => {
    const table = new FirstPlaces(0);
    for (let i = 0; i < 5000; i++) expect(table.firstWins(`k${i}`, i)).toBeUndefined();
    for (let i = 0; i < 5000; i++) expect(table.firstWins(`k${i}`, -1)).toBe(i);
    expect(table.get("k5000")).toBeUndefined();
    expect([...table.values()]).toHaveLength(5000);
  });
});
