/**
 * The facet listings of the stats sequence (docs/stats.md): which links each facet value lists.
 * Links share a few combinations of facet values (state, kind, owner and tags): each link is
 * looked up in a tree of its values, one step per value (owners and tags are shared strings, whose
 * hashes V8 keeps), not keyed by a text made of them; a combination's listings are worked out
 * once; members go into arrays of their final size (docs/performance.md, "Round five: the stats
 * index").
 */
import { STATS_DENSE_MAX } from "../../../../runtime/contract/index.js";
import { facetListingsOf } from "../../../../runtime/stats/listings.js";
import type { StatsLink } from "../../../../runtime/stats/rows.js";

/** One link of a combination of facet values, and how many links have those values. */
export interface Combination {
  link: StatsLink;
  count: number;
}

interface Known extends Combination {
  /** Its index in `FacetCombinations.known`. */
  index: number;
  /** Each of its facet listings, as a slot (an index into `FacetCombinations.ids`). */
  slots: number[];
}

/** A step of the tree: the next value's steps, and the combination that ends here. */
interface Step {
  /** Made on the first value after this one (most steps end a combination and have none). */
  next?: Map<string, Step>;
  /** The step for an absent owner (any owner string goes into `next`). */
  absent?: Step;
  known?: Known;
}

function child(from: Step, value: string): Step {
  const next = (from.next ??= new Map());
  let to = next.get(value);
  if (!to) next.set(value, (to = {}));
  return to;
}

/** The links' combinations of facet values, link by link (in any order: each is placed at its `i`). */
export class FacetCombinations {
  readonly known: Known[] = [];
  /** Each facet listing's id, by slot. */
  readonly ids: string[] = [];
  /** Each link's combination (an index into `known`). */
  readonly of: Int32Array;
  private readonly root: Step = {};
  private readonly slotOf = new Map<string, number>();

  constructor(links: number) {
    this.of = new Int32Array(links);
  }

  /** Link `i` has `link`'s facet values. */
  add(i: number, link: StatsLink): void {
    let at = child(child(this.root, link.state), link.kind);
    at = link.owner === undefined ? (at.absent ??= {}) : child(at, link.owner);
    for (const tag of link.tags ?? []) at = child(at, tag);
    let known = at.known;
    if (!known) {
      const slots = facetListingsOf(link).map((id) => {
        let slot = this.slotOf.get(id);
        if (slot === undefined) this.slotOf.set(id, (slot = this.ids.push(id) - 1));
        return slot;
      });
      at.known = known = { link, count: 0, slots, index: this.known.length };
      this.known.push(known);
    }
    this.of[i] = known.index;
    known.count++;
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The facet listings: members of each sparse one, and the dense ones as running counts. */
export interface FacetListings {
  /** Sparse listings, in no particular order: indices of the links each holds, ascending. */
  listings: { id: string; members: Int32Array }[];
  /**
   * Listings holding more than half the links (at most STATS_DENSE_MAX, by id), served from
   * `all`: `before[i]` is how many of the first i links it holds.
   */
  dense: { id: string; before: Int32Array }[];
}

export function facetListings(combinations: FacetCombinations): FacetListings {
  const { known, ids, of } = combinations;
  const count = of.length;
  const sizes = new Int32Array(ids.length);
  for (const { slots, count: links } of known) for (const slot of slots) sizes[slot] += links;
  const denseSlots = ids
    .map((id, slot) => slot)
    .filter((slot) => sizes[slot] * 2 > count)
    .sort((a, b) => sizes[b] - sizes[a] || compare(ids[a], ids[b]))
    .slice(0, STATS_DENSE_MAX)
    .sort((a, b) => compare(ids[a], ids[b]));
  const dense = denseSlots.map((slot) => {
    const holds = Uint8Array.from(known, ({ slots }) => (slots.includes(slot) ? 1 : 0));
    const before = new Int32Array(count + 1);
    for (let i = 0; i < count; i++) before[i + 1] = before[i] + holds[of[i]];
    return { id: ids[slot], before };
  });
  const sparse = ids.map((_, slot) =>
    denseSlots.includes(slot) ? null : new Int32Array(sizes[slot]),
  );
  const fill = new Int32Array(ids.length);
  const sparseSlots = known.map(({ slots }) => slots.filter((slot) => sparse[slot] !== null));
  for (let i = 0; i < count; i++)
    for (const slot of sparseSlots[of[i]]) (sparse[slot] as Int32Array)[fill[slot]++] = i;
  const listings = sparse.flatMap((members, slot) => (members ? [{ id: ids[slot], members }] : []));
  return { listings, dense };
}
