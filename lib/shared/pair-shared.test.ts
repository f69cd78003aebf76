/**
 * The records two lists both hold, found by a walk of both in place order (file, then line) or,
 * where many records share a place or the lists are out of order, through a set: pinned to the
 * plain definition (a set of the second list).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LinkRecord } from "../../runtime/contract/index.js";
import { heldByBoth } from "./pair-shared.js";
import { linkRecord } from "../../test/support/stats-files.js";
import { shuffleBy } from "../../test/support/shuffle.js";

const record = (file: string, line: number, n: number): LinkRecord =>
  linkRecord({ slug: `k${n}`, target: "https://example.org/", file, line });

/**
 * Files of rows, some on a line each and some all on one line (a flow list up to 150 rows long,
 * so that one place holds many records on each side); each list keeps a random
 * part of them, in place order unless shuffled, with records of its own at the same places.
 */
const lists = fc
  .record({
    files: fc.array(fc.record({ rows: fc.nat({ max: 150 }), oneLine: fc.boolean() }), {
      minLength: 1,
      maxLength: 4,
    }),
    keepA: fc.array(fc.nat({ max: 3 }), { minLength: 64, maxLength: 64 }),
    keepB: fc.array(fc.nat({ max: 3 }), { minLength: 64, maxLength: 64 }),
    shuffle: fc.option(fc.array(fc.nat(), { minLength: 20, maxLength: 20 }), { freq: 4 }),
  })
  .map(({ files, keepA, keepB, shuffle }) => {
    const a: LinkRecord[] = [];
    const b: LinkRecord[] = [];
    let n = 0;
    files.forEach(({ rows, oneLine }, f) => {
      for (let r = 0; r < rows; r++) {
        const line = oneLine ? 1 : r + 1;
        const row = record(`f${f}.yaml`, line, n);
        // 0: in neither, 1: in a, 2: in b, 3: in both; otherwise a copy of the row in b.
        const [inA, inB] = [keepA[n % 64], keepB[n % 64]];
        if (inA % 2 === 1) a.push(row);
        if (inB >= 2 && inA >= 2) b.push(row);
        else if (inB >= 2) b.push({ ...row });
        n++;
      }
    });
    if (shuffle) shuffleBy(a, shuffle);
    return { a, b };
  });

describe("the records both lists hold", () => {
  it("are those a set of the second list finds, in place order or not, however many share a line", () => {
    fc.assert(
      fc.property(lists, ({ a, b }) => {
        const inB = new Set(b);
        const keys = (links: Iterable<LinkRecord>) => [...links].map((link) => link.key).sort();
        expect(keys(heldByBoth(a, b))).toEqual(keys(a.filter((link) => inB.has(link))));
      }),
      { numRuns: 500 },
    );
  });
});
