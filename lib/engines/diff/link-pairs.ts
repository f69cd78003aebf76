/**
 * The pairing of two sides' links, base -> head, without a map entry for each record both sides
 * hold (a row of a file unchanged between them, docs/cache.md, "Within one run"): such a record is
 * its own partner, so only the pairs of distinct records are stored. At a million links that is
 * one map of the changed files' rows instead of a million entries. Whether a head link has a
 * partner is whether it is not among the comparison's `added` (routing.ts): no reversed map.
 */
import type { LinkRecord } from "../../../runtime/contract/index.js";

export class LinkPairs implements ReadonlyMap<LinkRecord, LinkRecord> {
  /**
   * `base`: the base side's links, in the order the pairs were made; `shared`: the records both
   * sides hold; `distinct`: every other pair, in the order it was made.
   */
  constructor(
    private readonly base: readonly LinkRecord[],
    readonly shared: ReadonlySet<LinkRecord>,
    readonly distinct: ReadonlyMap<LinkRecord, LinkRecord>,
  ) {}

  get size(): number {
    return this.shared.size + this.distinct.size;
  }

  get(link: LinkRecord): LinkRecord | undefined {
    return this.shared.has(link) ? link : this.distinct.get(link);
  }

  has(link: LinkRecord): boolean {
    return this.shared.has(link) || this.distinct.has(link);
  }

  /**
   * In the order the pairs were made: with shared records the pairing had one pass over the base
   * links in their order (shared records exist only when both sides match case alike).
   */
  *entries(): MapIterator<[LinkRecord, LinkRecord]> {
    if (this.shared.size === 0) {
      yield* this.distinct.entries();
      return;
    }
    for (const link of this.base) {
      if (this.shared.has(link)) yield [link, link];
      else {
        const partner = this.distinct.get(link);
        if (partner !== undefined) yield [link, partner];
      }
    }
  }

  *keys(): MapIterator<LinkRecord> {
    for (const [before] of this.entries()) yield before;
  }

  *values(): MapIterator<LinkRecord> {
    for (const [, after] of this.entries()) yield after;
  }

  [Symbol.iterator](): MapIterator<[LinkRecord, LinkRecord]> {
    return this.entries();
  }

  forEach(
    callback: (
      value: LinkRecord,
      key: LinkRecord,
      map: ReadonlyMap<LinkRecord, LinkRecord>,
    ) => void,
  ): void {
    for (const [before, after] of this.entries()) callback(after, before, this);
  }
}
