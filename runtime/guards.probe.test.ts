import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Blocklist } from "./contract/index.js";
import { isProbe } from "./guards.js";

const text = (maxLength: number) => fc.string({ maxLength, unit: fc.constantFrom(..."/.aPp-é") });
const probes = fc.record({
  prefixes: fc.array(text(4), { maxLength: 6 }),
  suffixes: fc.array(text(3), { maxLength: 6 }),
  exact: fc.array(text(4), { maxLength: 4 }),
  contains: fc.array(text(3), { maxLength: 3 }),
});

/** The probe rule as the blocklist states it: each list walked in full. */
const plainIsProbe = (folded: string, lists: Blocklist["probes"]) =>
  lists.exact.includes(folded) ||
  lists.prefixes.some((p) => folded.startsWith(p)) ||
  lists.suffixes.some((s) => folded.endsWith(s)) ||
  lists.contains.some((c) => folded.includes(c));

describe("the indexed scanner-probe test answers as the blocklist's lists walked in full", () => {
  it("for every path and every probe list", () => {
    let probed = 0;
    fc.assert(
      fc.property(probes, fc.array(text(6), { minLength: 1, maxLength: 8 }), (lists, paths) => {
        for (const path of paths) {
          const expected = plainIsProbe(path, lists);
          if (expected) probed++;
          expect(isProbe(path, { probes: lists })).toBe(expected);
        }
      }),
      { numRuns: 3000 },
    );
    expect(probed).toBeGreaterThan(1000);
  });
});
