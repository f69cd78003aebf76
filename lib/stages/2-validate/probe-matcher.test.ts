import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isProbe } from "../../../runtime/guards.js";
import { probeMatcher } from "./probe-matcher.js";

const text = (maxLength: number) => fc.string({ maxLength, unit: fc.constantFrom(..."/.aPp-é") });
const probes = fc.record({
  prefixes: fc.array(text(4), { maxLength: 6 }),
  suffixes: fc.array(text(3), { maxLength: 6 }),
  exact: fc.array(text(4), { maxLength: 4 }),
  contains: fc.array(text(3), { maxLength: 3 }),
});

describe("the build's scanner-probe test answers as the runtime's isProbe", () => {
  it("for every path and every probe list", () => {
    let probed = 0;
    fc.assert(
      fc.property(probes, fc.array(text(6), { minLength: 1, maxLength: 8 }), (lists, paths) => {
        const matches = probeMatcher(lists);
        for (const path of paths) {
          const expected = isProbe(path, { probes: lists });
          if (expected) probed++;
          expect(matches(path)).toBe(expected);
        }
      }),
      { numRuns: 3000 },
    );
    expect(probed).toBeGreaterThan(1000);
  });
});
