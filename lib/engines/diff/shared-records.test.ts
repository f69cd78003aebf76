/**
 * The records both sides of a review hold are found by one walk of both lists, files in order,
 * and among the unpaired ones: pinned to the plain definition (a set of the head's records).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LinkRecord } from "../../../runtime/contract/index.js";
import { sharedRecords } from "./compare-links.js";
import { linkRecord } from "../../../test/support/stats-files.js";
import { shuffleBy } from "../../../test/support/shuffle.js";

const record = (file: string, line: number, n = line): LinkRecord =>
  linkRecord({ slug: `k${n}`, target: "https://example.org/", file, line });

/**
 * Files of records; each on the head as the same records, made again, gone, the same but for its
 * first row (a duplicate dropped) or with a new row before them; files whose rows share one line
 * (a YAML flow list); new files; shuffles.
 */
const sides = fc
  .record({
    sizes: fc.array(fc.nat({ max: 5 }), { minLength: 1, maxLength: 5 }),
    fates: fc.array(fc.constantFrom("same", "same", "again", "gone", "less", "more"), {
      minLength: 5,
      maxLength: 5,
    }),
    added: fc.array(fc.nat({ max: 4 }), { maxLength: 2 }),
    shuffle: fc.option(fc.array(fc.nat(), { minLength: 20, maxLength: 20 }), { freq: 4 }),
    which: fc.boolean(),
    oneLine: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
  })
  .map(({ sizes, fates, added, shuffle, which, oneLine }) => {
    const base: LinkRecord[] = [];
    const head: LinkRecord[] = [];
    sizes.forEach((size, f) => {
      const rows = Array.from({ length: size }, (_, i) =>
        record(`f${f}.csv`, oneLine[f] ? 2 : i + 2, i + 2),
      );
      base.push(...rows);
      if (fates[f] === "same") head.push(...rows);
      else if (fates[f] === "again") head.push(...rows.map((r) => ({ ...r })));
      else if (fates[f] === "less") head.push(...rows.slice(1));
      else if (fates[f] === "more") head.push(record(`f${f}.csv`, 1), ...rows);
    });
    added.forEach((size, f) =>
      head.push(...Array.from({ length: size }, (_, i) => record(`g${f}.csv`, i + 2))),
    );
    const list = which ? head : base;
    if (shuffle) shuffleBy(list, shuffle);
    return { base, head };
  });

describe("the records both sides hold", () => {
  it("are the base's records the head holds, in base order, and each side's others in order", () => {
    fc.assert(
      fc.property(sides, fc.boolean(), ({ base, head }, sameCase) => {
        const found = sharedRecords(base, head, sameCase);
        const inHead = new Set(head);
        const shared = sameCase ? base.filter((link) => inHead.has(link)) : [];
        expect([...found.shared]).toEqual(shared);
        [...found.shared].forEach((link, i) => expect(link).toBe(shared[i]));
        const only = (list: LinkRecord[]) => list.filter((link) => !shared.includes(link));
        expect(found.onlyBase).toHaveLength(only(base).length);
        found.onlyBase.forEach((link, i) => expect(link).toBe(only(base)[i]));
        expect(found.onlyHead).toHaveLength(only(head).length);
        found.onlyHead.forEach((link, i) => expect(link).toBe(only(head)[i]));
      }),
      { numRuns: 2000 },
    );
  });
});
