/**
 * The registry's membership filter (`shortlinks.registry-filter/1`): a Bloom filter over every
 * link's lookup id (its kind and key), built by the compiler and read once per isolate, so a
 * lookup it rules out needs no shard read (docs/performance.md, "Misses without a shard read").
 * It answers only "definitely absent" or "maybe": every id added answers "maybe", so it can never
 * turn a hit into a miss. The compiler and the runtime both use this module.
 */
import { REGISTRY_FILTER } from "../contract/index.js";
import { fnv1a32 } from "./shard-of.js";
import type { LinkKind } from "./shard-format.js";

/** The bytes the filter file starts with: its schema id and a line feed. */
const HEADER = new TextEncoder().encode(REGISTRY_FILTER.schema + "\n");

/** murmur3's 32-bit finaliser: a second hash derived from the first. */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The hash of each kind's letter: an id's hash is its key's, continued from its kind's letter. */
const EXACT = fnv1a32("e");
const SPLAT = fnv1a32("s");
const PLACEHOLDER = fnv1a32("p");

/** The first hash of an id: its kind's letter, then its key. */
const idHash = (kind: LinkKind, key: string) =>
  fnv1a32(key, kind === "exact" ? EXACT : kind === "splat" ? SPLAT : PLACEHOLDER);

/** The `i`th bit position of an id of first hash `h1` (double hashing, `h2` derived from it). */
const bitAt = (h1: number, h2: number, i: number, bits: number) =>
  ((h1 + Math.imul(i, h2)) >>> 0) % bits;

export interface FilterShape {
  /** Bits in the filter, a multiple of 8. */
  bits: number;
  hashes: number;
}

/** A filter of about `bitsPerLink` bits for each of `links` links, at least 64 bits. */
export function filterShapeFor(links: number, bitsPerLink: number, hashes: number): FilterShape {
  return { bits: Math.max(64, Math.ceil((links * bitsPerLink) / 8) * 8), hashes };
}

export class MembershipFilter {
  private constructor(
    private readonly bytes: Uint8Array,
    readonly shape: FilterShape,
  ) {}

  static empty(shape: FilterShape): MembershipFilter {
    return new MembershipFilter(new Uint8Array(shape.bits / 8), shape);
  }

  /** The size of a filter file of `shape`: its header and its bits. */
  static fileBytes(shape: FilterShape): number {
    return HEADER.length + shape.bits / 8;
  }

  /** The filter in a file's bytes, or an error message when they are not one of `shape`. */
  static fromFile(file: Uint8Array, shape: FilterShape): MembershipFilter | string {
    const bytes = MembershipFilter.fileBytes(shape);
    if (file.length !== bytes) return `${file.length} bytes, the manifest's filter needs ${bytes}`;
    for (let i = 0; i < HEADER.length; i++)
      if (file[i] !== HEADER[i]) return `schema is not ${REGISTRY_FILTER.schema}`;
    return new MembershipFilter(file.subarray(HEADER.length), shape);
  }

  add(kind: LinkKind, key: string): void {
    const { bits, hashes } = this.shape;
    const h1 = idHash(kind, key);
    const h2 = mix(h1) | 1;
    for (let i = 0; i < hashes; i++) {
      const bit = bitAt(h1, h2, i, bits);
      this.bytes[bit >>> 3] |= 1 << (bit & 7);
    }
  }

  /** False only when no link of this kind and key was added. */
  mayHave(kind: LinkKind, key: string): boolean {
    const { bits, hashes } = this.shape;
    const h1 = idHash(kind, key);
    const h2 = mix(h1) | 1;
    for (let i = 0; i < hashes; i++) {
      const bit = bitAt(h1, h2, i, bits);
      if ((this.bytes[bit >>> 3] & (1 << (bit & 7))) === 0) return false;
    }
    return true;
  }

  /** The file's content: the header, then the bits. */
  toFile(): Uint8Array {
    const file = new Uint8Array(HEADER.length + this.bytes.length);
    file.set(HEADER);
    file.set(this.bytes, HEADER.length);
    return file;
  }
}
