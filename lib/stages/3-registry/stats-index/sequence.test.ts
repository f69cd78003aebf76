/**
 * Properties: the stats files of links walked in their own order are those of the links walked in
 * key order; and the sequence's order is the plain one, indices sorted by their keys with `<` and equal
 * keys kept in index order, whatever the keys (shared prefixes, duplicates, non-ASCII text, lone
 * surrogates), though the keys compared are copies of them.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { STATS_TEXT_MAX, type LinkRecord } from "../../../../runtime/contract/index.js";
import { sortKeyOfKey } from "../../../../runtime/stats/listings.js";
import { linkRecord } from "../../../../test/support/stats-files.js";
import { shuffleBy } from "../../../../test/support/shuffle.js";
import { buildStatsIndex } from "./build-stats-index.js";
import { keyOrder } from "./sequence.js";

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
        expect([...keyOrder(keys)]).toEqual(plain);
      }),
      { numRuns: 500 },
    );
  });
});

const SMALL = { pageBytes: 1_500, spansReserve: 300 };
const LONG = "d".repeat(STATS_TEXT_MAX + 3);

/** Links with unique keys and the fields that reach rows, listings, events and cuts. */
const records = fc
  .uniqueArray(
    fc.record({
      slug: fc.oneof(
        fc.stringMatching(/^[a-c]{1,4}(\/[a-c]{1,3})?$/),
        fc.constantFrom("é", "a/*", "*", "b/*"),
      ),
      state: fc.constantFrom("active", "paused", "disabled"),
      owner: fc.option(fc.constantFrom("ops", "web", "o\ud800"), { nil: undefined }),
      tags: fc.option(fc.array(fc.constantFrom("x", "y", "t\udc00"), { maxLength: 3 }), {
        nil: undefined,
      }),
      start: fc.option(fc.constantFrom("2020-01-01T00:00:00Z", "2030-01-01T00:00:00Z"), {
        nil: undefined,
      }),
      long: fc.boolean(),
      file: fc.constantFrom("custom/links/a.yaml", "custom/links/b.csv", "custom/links/c.yaml"),
    }),
    { selector: (r) => r.slug, maxLength: 60 },
  )
  .map((rows) =>
    rows.map(({ slug, state, owner, tags, start, long, file }, i) =>
      linkRecord({
        slug,
        state,
        owner,
        tags,
        file,
        line: i + 1,
        ...(long ? { description: LONG } : {}),
        ...(start ? { schedule: { label: "w", start } } : {}),
      } as Partial<LinkRecord> & { slug: string }),
    ),
  );

describe("the stats files, the links walked in their own order", () => {
  it("are the files of the links walked in key order, whatever the links' own order", () => {
    fc.assert(
      fc.property(records, fc.array(fc.nat(), { minLength: 1 }), (links, draws) => {
        const inKeyOrder = links
          .map((link) => ({ link, key: sortKeyOfKey(link.kind, link.key) }))
          .sort((a, b) => compare(a.key, b.key))
          .map(({ link }) => link);
        const shuffled = [...links];
        shuffleBy(shuffled, draws);
        const plain = buildStatsIndex(inKeyOrder, false, SMALL);
        const walked = buildStatsIndex(shuffled, false, SMALL);
        expect(walked.pageTexts).toEqual(plain.pageTexts);
        expect(walked.index).toEqual(plain.index);
        expect(walked.diagnostics).toEqual(plain.diagnostics);
      }),
      { numRuns: 300 },
    );
  });
});
