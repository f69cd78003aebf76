/**
 * Each key's first place, for the conflict pass over every link of an instance
 * (docs/performance.md, "The conflict index's table"): an open-addressing table over a typed
 * array, sized for the links before the first one goes in. A `Map` of a million keys grows by
 * rehashing a score of times and spreads its entries over the heap; this table does neither, and
 * took half the time. Keys are compared whole, so two keys that share a hash are two entries.
 */
import { fnv1a32 } from "../../../runtime/registry/shard-of.js";

/** The place of each key's first link; read like the `Map` it stands for. */
export interface FirstPlaceLookup {
  get(key: string): number | undefined;
  /** Every key's place, in the order the keys went in. */
  values(): Iterable<number>;
}

export class FirstPlaces implements FirstPlaceLookup {
  /** 0 for an empty slot, else 1 + the entry's number. */
  private slots: Int32Array;
  private mask: number;
  private readonly keys: string[] = [];
  private readonly places: number[] = [];

  /** `expected`: about how many keys go in (more only cost a growth). */
  constructor(expected: number) {
    this.slots = new Int32Array(slotsFor(expected));
    this.mask = this.slots.length - 1;
  }

  get(key: string): number | undefined {
    const entry = this.entryOf(key, fnv1a32(key));
    return entry < 0 ? undefined : this.places[entry];
  }

  values(): Iterable<number> {
    return this.places;
  }

  /** The place of the first link at `key`; undefined when `at` is that first (it goes in). */
  firstWins(key: string, at: number): number | undefined {
    const hash = fnv1a32(key);
    const entry = this.entryOf(key, hash);
    if (entry >= 0) return this.places[entry];
    if ((this.keys.length + 1) * 2 > this.slots.length) this.grow();
    this.keys.push(key);
    this.places.push(at);
    this.slots[this.freeSlot(hash)] = this.keys.length;
    return undefined;
  }

  /** The entry holding `key`, or -1. */
  private entryOf(key: string, hash: number): number {
    const { slots, mask, keys } = this;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const filled = slots[slot];
      if (filled === 0) return -1;
      if (keys[filled - 1] === key) return filled - 1;
    }
  }

  private freeSlot(hash: number): number {
    const { slots, mask } = this;
    let slot = hash & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    return slot;
  }

  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    this.mask = this.slots.length - 1;
    this.keys.forEach((key, entry) => (this.slots[this.freeSlot(fnv1a32(key))] = entry + 1));
  }
}

/** A power of two at least twice `expected`, so a probe meets an empty slot soon. */
function slotsFor(expected: number): number {
  let size = 8;
  while (size < expected * 2) size *= 2;
  return size;
}
