/**
 * Property: the facet listings and combinations FacetCombinations works out are the plain ones:
 * every link pushed into the listing of each of its facetListingsOf ids, listings of more than
 * half the links dense (at most STATS_DENSE_MAX, largest first, then by id), and links grouped
 * by their (state, kind, owner, tags) values, the first of each group standing for it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LINK_STATES, STATS_DENSE_MAX } from "../../../../runtime/contract/index.js";
import { facetListingsOf } from "../../../../runtime/stats/listings.js";
import type { StatsLink } from "../../../../runtime/stats/rows.js";
import { FacetCombinations, facetListings } from "./facets.js";

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The plain definition: a member list per listing id, pushed link by link. */
function plainListings(links: readonly StatsLink[]) {
  const members = new Map<string, number[]>();
  links.forEach((link, i) => {
    for (const id of facetListingsOf(link)) {
      if (!members.has(id)) members.set(id, []);
      members.get(id)?.push(i);
    }
  });
  const denseIds = [...members]
    .filter(([, m]) => m.length * 2 > links.length)
    .sort((a, b) => b[1].length - a[1].length || compare(a[0], b[0]))
    .slice(0, STATS_DENSE_MAX)
    .map(([id]) => id)
    .sort(compare);
  const dense = denseIds.map((id) => {
    const before = new Int32Array(links.length + 1);
    for (const i of members.get(id) ?? []) before[i + 1] = 1;
    for (let i = 1; i <= links.length; i++) before[i] += before[i - 1];
    return { id, before };
  });
  const listings = [...members]
    .filter(([id]) => !denseIds.includes(id))
    .map(([id, m]) => ({ id, members: Int32Array.from(m) }));
  return { listings, dense };
}

const valuesKey = (link: StatsLink) =>
  JSON.stringify([link.state, link.kind, link.owner ?? null, link.tags ?? []]);

/** The plain grouping: links keyed by the JSON text of their facet values. */
function plainCombinations(links: readonly StatsLink[]) {
  const groups = new Map<string, { link: StatsLink; count: number }>();
  for (const link of links) {
    const key = valuesKey(link);
    const known = groups.get(key) ?? { link, count: 0 };
    known.count++;
    groups.set(key, known);
  }
  return [...groups.values()];
}

// Few values, so that links share combinations (and an absent owner meets an empty one).
const name = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("ops", "", "a\0b", "a", "b", "\ud800", "x y") },
  { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
);
const statsLink: fc.Arbitrary<StatsLink> = fc.record(
  {
    slug: fc.constant("s"),
    kind: fc.constantFrom("exact", "exact", "splat", "placeholder"),
    target: fc.constant("https://example.com/"),
    status: fc.constant(302),
    state: fc.constantFrom("active", "active", "paused", ...LINK_STATES),
    owner: name,
    tags: fc.array(name, { maxLength: 3 }),
    file: fc.constant("links.csv"),
    line: fc.constant(1),
  },
  { requiredKeys: ["slug", "kind", "target", "status", "state", "file", "line"] },
) as fc.Arbitrary<StatsLink>;

describe("stats facet listings", () => {
  it("are the plain member lists, dense ones as running counts, whatever the links", () => {
    fc.assert(
      fc.property(fc.array(statsLink, { maxLength: 60 }), (links) => {
        const combinations = new FacetCombinations(links.length);
        links.forEach((link, i) => combinations.add(i, link));
        const built = facetListings(combinations);
        const plain = plainListings(links);
        const byId = (a: { id: string }, b: { id: string }) => compare(a.id, b.id);
        expect([...built.listings].sort(byId)).toEqual([...plain.listings].sort(byId));
        expect(built.dense).toEqual(plain.dense);
        expect(combinations.known.map(({ link, count }) => ({ link, count }))).toEqual(
          plainCombinations(links),
        );
        links.forEach((link, i) =>
          expect(valuesKey(combinations.known[combinations.of[i]].link)).toBe(valuesKey(link)),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("links share a combination exactly when their state, kind, owner and tags are the same", () => {
    const values: Partial<StatsLink>[] = [
      {},
      { owner: "" },
      { owner: "a" },
      { owner: "a", tags: [] },
      { owner: "a", tags: ["b"] },
      { owner: "a\0b" },
      { tags: ["a", "b"] },
      { tags: ["b", "a"] },
      { tags: ["a"] },
      { tags: ["a", ""] },
      { tags: ["", "a"] },
      { tags: [""] },
      { tags: ["a\0b"] },
      { owner: "a", tags: ["a"] },
      { state: "paused" },
      { kind: "splat" },
    ];
    const links = values.map((v): StatsLink => ({
      slug: "s",
      kind: "exact",
      target: "t",
      status: 302,
      state: "active",
      file: "f",
      line: 1,
      ...v,
    }));
    const combinations = new FacetCombinations(links.length);
    links.forEach((link, i) => combinations.add(i, link));
    for (let i = 0; i < links.length; i++)
      for (let j = 0; j < links.length; j++)
        expect([i, j, combinations.of[i] === combinations.of[j]]).toEqual([
          i,
          j,
          valuesKey(links[i]) === valuesKey(links[j]),
        ]);
    expect(combinations.known).toHaveLength(links.length - 1); // [] and no tags are the same
  });

  it("a facet of most links is dense and holds no member list", () => {
    const link = (state: StatsLink["state"]): StatsLink => ({
      slug: "s",
      kind: "exact",
      target: "https://example.com/",
      status: 302,
      state,
      file: "f",
      line: 1,
    });
    const combinations = new FacetCombinations(3);
    ["active", "paused", "active"].forEach((s, i) =>
      combinations.add(i, link(s as StatsLink["state"])),
    );
    const built = facetListings(combinations);
    expect(built.dense.map((d) => [d.id, [...d.before]])).toEqual([
      ["kind:exact", [0, 1, 2, 3]],
      ["state:active", [0, 1, 1, 2]],
    ]);
    expect(built.listings).toEqual([{ id: "state:paused", members: Int32Array.from([1]) }]);
  });
});
