/** A value's JSON in parts: joined, the parts are JSON.stringify's text, each part a flat string. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonParts } from "./json-parts.js";

const joined = (value: unknown, batch?: number) => jsonParts(value, batch)?.join("");

describe("jsonParts", () => {
  it("joined, the parts are JSON.stringify's text, for any JSON value and any batch", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 1, max: 4 }), (value, batch) => {
        expect(joined(value, batch)).toBe(JSON.stringify(value));
      }),
      { numRuns: 300 },
    );
  });

  it("arrays past a batch, and objects holding them, are cut into parts that join to the same text", () => {
    const rows = Array.from({ length: 2500 }, (_, i) =>
      i % 7 === 0 ? null : { slug: `s${i}`, tags: ["a", "é"], line: i },
    );
    const value = { read: [], rows, full: [[3, { slug: "x" }]], extra: { rows } };
    const parts = jsonParts(value) as string[];
    expect(parts.length).toBeGreaterThan(6);
    expect(parts.join("")).toBe(JSON.stringify(value));
    expect(jsonParts(rows)?.join("")).toBe(JSON.stringify(rows));
  });

  it("leaves out what JSON leaves out: undefined, functions and symbols in objects, null for them in arrays", () => {
    const big = Array.from({ length: 1100 }, (_, i) =>
      i === 5 ? undefined : i === 6 ? () => 1 : i === 7 ? Symbol("s") : i,
    );
    const value = { a: undefined, b: () => 1, c: Symbol("s"), d: big, e: new Date(0), f: 1 };
    expect(joined(value)).toBe(JSON.stringify(value));
    expect(jsonParts(undefined)).toBeUndefined();
    expect(joined(new Date(0))).toBe(JSON.stringify(new Date(0)));
  });
});
