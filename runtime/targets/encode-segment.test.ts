import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodePathSegment, escapedPathSegment } from "./splat.js";

describe("a path segment without anything to escape is itself", () => {
  it("encodePathSegment equals its definition for every ASCII character", () => {
    for (let c = 0; c < 0x80; c++) {
      const text = String.fromCharCode(c);
      expect(encodePathSegment(text)).toBe(escapedPathSegment(text));
    }
  });

  it("encodePathSegment equals its definition on any text", () => {
    const unit = fc.oneof(
      fc.constantFrom("a", "Z", "9", "-", "_", ".", "!", "~", "*", "'", "(", ")", "sample"),
      fc.string({ unit: "binary", maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 6 }), (units) => {
        const text = units.join("");
        let expected: string | Error;
        try {
          expected = escapedPathSegment(text);
        } catch (error) {
          expected = error as Error;
        }
        if (typeof expected === "string") expect(encodePathSegment(text)).toBe(expected);
        else
          expect(() => encodePathSegment(text)).toThrow(expected.constructor as ErrorConstructor);
      }),
      { numRuns: 5000 },
    );
  });
});
