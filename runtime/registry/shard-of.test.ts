import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shardPath } from "../contract/index.js";
import { fnv1a32, shardOf } from "./shard-of.js";

/** Reference: FNV-1a over TextEncoder's bytes. */
function reference(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text))
    hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash >>> 0;
}

describe("registry shard hash (FNV-1a 32-bit over UTF-8)", () => {
  it.each([
    ["", 0x811c9dc5],
    ["a", 0xe40c292c],
    ["foobar", 0xbf9cf968],
  ])("published test vector %j", (text, expected) => {
    expect(fnv1a32(text)).toBe(expected);
  });

  it("equals the TextEncoder reference for any string, lone surrogates included", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => fnv1a32(s) === reference(s)),
      { numRuns: 5000 },
    );
    for (const s of ["café", "☕/x", "\ud83d\ude00", "\ud800", "a\udc00b"])
      expect(fnv1a32(s)).toBe(reference(s));
  });

  it("continued from an ASCII text's hash, equals the reference over both texts joined", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 4 }),
        fc.string({ unit: "binary" }),
        (before, text) => fnv1a32(text, fnv1a32(before)) === reference(before + text),
      ),
      { numRuns: 5000 },
    );
    for (const [before, text] of [
      ["e", "café"],
      ["s", "\ud83d\ude00/x"],
      ["p", "\udc00"],
    ])
      expect(fnv1a32(text, fnv1a32(before))).toBe(reference(before + text));
  });

  it.each([1, 7, 400])("shardOf stays within %i shards", (count) => {
    for (const key of ["docs", "gh", "team/handbook", "café"]) {
      const shard = shardOf(key, count);
      expect(shard).toBeGreaterThanOrEqual(0);
      expect(shard).toBeLessThan(count);
    }
  });

  it("shard files live in the private shard folder", () => {
    expect(shardPath(3)).toBe("/links-shards/3.jsonl");
  });
});
