import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeSeparators, encodeSeparators } from "./separators.js";

describe("front-coded separators", () => {
  it("share the start of the previous one", () => {
    expect(encodeSeparators(["", "all docs/a", "all docs/b", "tag:x k"])).toEqual([
      [0, ""],
      [0, "all docs/a"],
      [9, "b"],
      [0, "tag:x k"],
    ]);
  });

  it("decode to what was encoded, for any list of strings", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "grapheme" })), (list) => {
        expect(decodeSeparators(encodeSeparators(list))).toEqual(list);
      }),
    );
  });
});
