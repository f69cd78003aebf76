import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LinkRecord } from "../../../runtime/contract/index.js";
import { findConflicts, indexConflicts } from "./conflicts.js";
import {
  conflictsBeside,
  conflictsOfSide,
  handConflictsToNextSide,
  handedConflicts,
  type ConflictsHandOver,
} from "./conflicts-beside.js";
import { shuffleBy } from "../../../test/support/shuffle.js";

const shape = fc.record({
  kind: fc.constantFrom<LinkRecord["kind"]>("exact", "exact", "splat", "placeholder"),
  key: fc
    .array(fc.constantFrom("a", "A", "b", "ab", "a/"), { maxLength: 3 })
    .map((segments) => segments.join("/")),
  domain: fc.constantFrom(undefined, undefined, "b.example"),
});
type Shape = typeof shape extends fc.Arbitrary<infer S> ? S : never;

function record(s: Shape, file: string, line: number): LinkRecord {
  return {
    kind: s.kind,
    key: s.key,
    ...(s.domain === undefined ? {} : { domain: s.domain }),
    slug: s.kind === "splat" ? `${s.key}/*` : s.key,
    target: "https://example.org/",
    status: 302,
    state: "active",
    forward_query: true,
    file,
    line,
  };
}

/**
 * How a file of the first side is on the second: the same records; its rows validated afresh
 * (copies), or a row inserted above them (copies a line down); other rows; or gone.
 */
const fate = fc.constantFrom("same", "same", "same", "copied", "shifted", "fresh", "gone");

/**
 * Two sides: files in sorted order, each of the first side's files the same records on the
 * second, or records made again (other rows, other keys), or gone; files only on the second side;
 * and now and then the second side's records shuffled (the pairing must not matter).
 */
const sides = fc
  .record({
    files: fc.array(fc.array(shape, { maxLength: 6 }), { minLength: 1, maxLength: 5 }),
    fates: fc.array(fate, { minLength: 5, maxLength: 5 }),
    again: fc.array(fc.array(shape, { maxLength: 6 }), { minLength: 5, maxLength: 5 }),
    added: fc.array(fc.array(shape, { maxLength: 4 }), { maxLength: 2 }),
    shuffle: fc.option(fc.array(fc.nat(), { minLength: 40, maxLength: 40 }), { freq: 5 }),
  })
  .map(({ files, fates, again, added, shuffle }) => {
    const first: LinkRecord[] = [];
    const second: LinkRecord[] = [];
    files.forEach((rows, f) => {
      const name = `links-${f}.csv`;
      const mine = rows.map((s, i) => record(s, name, i + 2));
      first.push(...mine);
      if (fates[f] === "same") second.push(...mine);
      else if (fates[f] === "copied") second.push(...rows.map((s, i) => record(s, name, i + 2)));
      else if (fates[f] === "shifted") second.push(...rows.map((s, i) => record(s, name, i + 3)));
      else if (fates[f] === "fresh") second.push(...again[f].map((s, i) => record(s, name, i + 2)));
    });
    added.forEach((rows, f) =>
      second.push(...rows.map((s, i) => record(s, `new-${f}.csv`, i + 2))),
    );
    if (shuffle) shuffleBy(second, shuffle);
    return { first, second };
  });

/** Keys no generated record has. */
const absent = [
  record({ kind: "exact", key: "zz", domain: undefined }, "none.csv", 2),
  record({ kind: "splat", key: "zz", domain: undefined }, "none.csv", 3),
];

describe("the second side's conflicts are derived from the first side's index", () => {
  it("SL305 to SL308 and the kept links equal the plain pass over the second side", () => {
    let noted = 0;
    fc.assert(
      fc.property(sides, fc.boolean(), fc.boolean(), ({ first, second }, cased, strict) => {
        const { index } = indexConflicts(first, cased, strict);
        const derived = conflictsBeside(index, second, 0);
        const plain = findConflicts(second, cased, strict);
        expect(derived).toBeDefined();
        expect(derived!.links.length).toBe(plain.links.length);
        derived!.links.forEach((link, i) => expect(link).toBe(plain.links[i]));
        expect(derived!.diagnostics).toEqual(plain.diagnostics);
        noted += plain.diagnostics.length;
        // Its lookup answers with this side's kept link at a key, as an index of it would.
        expect(derived!.lookup.links).toBe(derived!.links);
        for (const { kind, key } of [...first, ...second, ...absent]) {
          const kept = plain.links.find(
            (l) => l.kind === kind && l.key === key && l.domain === undefined,
          );
          expect(derived!.lookup.find(kind, key)).toBe(kept);
        }
      }),
      { numRuns: 4000 },
    );
    expect(noted).toBeGreaterThan(4000);
  });

  it("a side that shares too little, or matches case otherwise, runs the plain pass", () => {
    fc.assert(
      fc.property(sides, fc.boolean(), ({ first, second }, cased) => {
        const hand: ConflictsHandOver = { last: false };
        const { lookup, ...own } = conflictsOfSide(first, cased, false, hand);
        expect(own).toEqual(findConflicts(first, cased, false));
        expect(lookup?.links).toBe(own.links);
        expect(hand.index).toBeDefined();
        hand.last = true;
        const { lookup: nextLookup, ...next } = conflictsOfSide(second, !cased, false, hand);
        expect(next).toEqual(findConflicts(second, !cased, false));
        expect(hand.index).toBeUndefined();
        // The last side keeps no index for another side, but answers lookups of its own links.
        expect(nextLookup?.links).toBe(next.links);
        for (const kept of next.links)
          if (kept.domain === undefined) expect(nextLookup?.find(kept.kind, kept.key)).toBe(kept);
      }),
      { numRuns: 300 },
    );
    const first = [record({ kind: "exact", key: "a", domain: undefined }, "f.csv", 2)];
    const second = [record({ kind: "exact", key: "a", domain: undefined }, "f.csv", 2)];
    expect(conflictsBeside(indexConflicts(first, false, false).index, second)).toBeUndefined();
  });
});

describe("a review hands the first side's conflict index to the second through its cache", () => {
  it("the first side keeps its index, the last side takes it and keeps none, stop lets it go", () => {
    const cache = {};
    expect(handedConflicts(cache)).toBeUndefined();
    const hand = handConflictsToNextSide(cache);
    const first = [record({ kind: "exact", key: "a", domain: undefined }, "f.csv", 2)];
    conflictsOfSide(first, false, false, handedConflicts(cache));
    expect(handedConflicts(cache)?.index?.links).toBe(first);
    hand.lastSide();
    conflictsOfSide(first, false, false, handedConflicts(cache));
    expect(handedConflicts(cache)?.index).toBeUndefined();
    conflictsOfSide(first, false, false, handedConflicts(cache));
    expect(handedConflicts(cache)?.index).toBeUndefined();
    hand.stop();
    expect(handedConflicts(cache)).toBeUndefined();
    expect(handedConflicts(undefined)).toBeUndefined();
  });
});
