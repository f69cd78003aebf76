import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REGISTRY_FILTER } from "../contract/index.js";
import { filterShapeFor, MembershipFilter } from "./filter.js";

describe("registry membership filter", () => {
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
