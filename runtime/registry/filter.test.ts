import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REGISTRY_FILTER } from "../contract/index.js";
import { filterShapeFor, MembershipFilter } from "./filter.js";

/** The filter's bits by its definition: FNV-1a over the UTF-8 of the kind's letter and the key. */
function plainBits(ids: { kind: string; key: string }[], bits: number, hashes: number) {
  const bytes = new Uint8Array(bits / 8);
  for (const { kind, key } of ids) {
    let h1 = 0x811c9dc5;
    for (const byte of new TextEncoder().encode(kind[0] + key))
      h1 = Math.imul(h1 ^ byte, 0x01000193) >>> 0;
    let h2 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b);
    h2 = Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35);
    h2 = ((h2 ^ (h2 >>> 16)) >>> 0) | 1;
    for (let i = 0; i < hashes; i++) {
      const bit = ((h1 + Math.imul(i, h2)) >>> 0) % bits;
      bytes[bit >>> 3] |= 1 << (bit & 7);
    }
  }
  return bytes;
}

describe("registry membership filter", () => {
  it("sets the bits of each id's letter and key hashed as one text (any key, surrogates included)", () => {
    const id = fc.record({
      kind: fc.constantFrom("exact" as const, "splat" as const, "placeholder" as const),
      key: fc.string({ unit: "binary", maxLength: 40 }),
    });
    fc.assert(
      fc.property(fc.array(id, { maxLength: 50 }), fc.integer({ min: 1, max: 12 }), (ids, bits) => {
        const filter = MembershipFilter.empty(filterShapeFor(ids.length, bits, 7));
        for (const { kind, key } of ids) filter.add(kind, key);
        const file = filter.toFile();
        const header = file.length - filter.shape.bits / 8;
        expect(file.subarray(header)).toEqual(plainBits(ids, filter.shape.bits, 7));
      }),
      { numRuns: 150 },
    );
  });

  it("never rules out a link that was added (a hit is never turned into a miss)", () => {
    const id = fc.record({
      kind: fc.constantFrom("exact" as const, "splat" as const),
      key: fc.string({ unit: "binary", maxLength: 40 }),
    });
    fc.assert(
      fc.property(
        fc.array(id, { maxLength: 300 }),
        fc.integer({ min: 1, max: 12 }),
        (ids, bits) => {
          const filter = MembershipFilter.empty(filterShapeFor(ids.length, bits, 7));
          for (const { kind, key } of ids) filter.add(kind, key);
          const read = MembershipFilter.fromFile(filter.toFile(), filter.shape) as MembershipFilter;
          return ids.every(({ kind, key }) => filter.mayHave(kind, key) && read.mayHave(kind, key));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("rules out nearly every other key at 10 bits per link (about 1% false positives)", () => {
    const filter = MembershipFilter.empty(filterShapeFor(20_000, 10, 7));
    for (let i = 0; i < 20_000; i++) filter.add("exact", `docs/link-${i}`);
    let maybe = 0;
    for (let i = 0; i < 20_000; i++) if (filter.mayHave("exact", `docs/miss-${i}`)) maybe++;
    for (let i = 0; i < 20_000; i++) if (filter.mayHave("splat", `docs/link-${i}`)) maybe++;
    expect(maybe / 40_000).toBeLessThan(0.02);
  });

  it("an empty registry's filter rules out everything", () => {
    const filter = MembershipFilter.empty(filterShapeFor(0, 10, 7));
    expect(filter.shape.bits).toBe(64);
    expect(filter.mayHave("exact", "")).toBe(false);
  });

  it.each([
    ["a file of another size", (f: Uint8Array) => f.subarray(0, f.length - 1), "bytes"],
    ["another schema", (f: Uint8Array) => f.map((b, i) => (i === 0 ? 0x58 : b)), "schema"],
  ])("refuses %s", (_what, spoil, problem) => {
    const filter = MembershipFilter.empty(filterShapeFor(100, 10, 7));
    expect(MembershipFilter.fromFile(spoil(filter.toFile()), filter.shape)).toContain(problem);
  });

  it("the file starts with its schema id", () => {
    const file = MembershipFilter.empty(filterShapeFor(1, 10, 7)).toFile();
    expect(new TextDecoder().decode(file.subarray(0, 29))).toBe(REGISTRY_FILTER.schema + "\n");
  });
});
