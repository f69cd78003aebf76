import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonBytes } from "./json-bytes.js";
import { encodeRow, statsLinkOf } from "../../runtime/stats/rows.js";
import { makeLinks } from "../../bench/generate.mjs";
import type { LinkRecord } from "../../runtime/contract/index.js";

const textOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? "");

describe("a value's counted size is its JSON text's size (stats pages and shards are measured by it)", () => {
  it("plain, escaped and non-ASCII text, numbers, nested arrays, objects and holes", () => {
    const values: unknown[] = [
      "",
      "plain-slug",
      'a "quoted" \\ back',
      "tab\there\nline",
      "\u0000\u001f\u007f",
      "é日本😀",
      "\ud800 lone",
      0,
      -0,
      302,
      1.5e21,
      123456.789,
      -42,
      [],
      [0],
      ["a", ["b", "c"], []],
      [undefined, null, 1],
      { label: "x", start: "2026-01-01", end: "2026-02-01" },
      [{ a: 1 }, "x", 0],
      true,
      false,
      null,
      {},
      { a: undefined, b: () => 1, 'k"ey': [true, null], é: { nested: "ü" } },
      [() => 1, Symbol("s")],
      { when: new Date(0) },
      Object.assign(Object.create({ inherited: 1 }), { own: 2 }),
    ];
    for (const value of values) expect(jsonBytes(value), JSON.stringify(value)).toBe(textOf(value));
  });

  it("any text (escapes, controls, non-ASCII, lone and paired surrogates) and any number", () => {
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 12 }),
      fc.string({ unit: fc.constantFrom(...'a~ "\\/\u0000\u001f\u007f\u0080é\ud800\udc00') }),
    );
    const number = fc.oneof(
      fc.integer(),
      fc.integer({ min: -1e12, max: 1e12 }),
      fc.constantFrom(0, -0, 9, 10, 99, 100, 999_999_999, 1e9, -1e9, 1e21, 2 ** 53, 0.1, -1.5e-7),
      fc.double(),
    );
    fc.assert(
      fc.property(fc.oneof(text, number), (value) => {
        expect(jsonBytes(value)).toBe(textOf(value));
        expect(jsonBytes({ [String(value)]: [value] })).toBe(textOf({ [String(value)]: [value] }));
      }),
      { numRuns: 5000 },
    );
  });

  it("every row of a generated real-shaped table, and its record", () => {
    const links = makeLinks(3000, 7, { shape: "real" }) as unknown as Record<string, unknown>[];
    for (const [i, link] of links.entries()) {
      const record = { kind: "exact", key: String(link.slug), file: "f.csv", line: i, ...link };
      const row = encodeRow(statsLinkOf(record as unknown as LinkRecord).link, 9_999);
      expect(jsonBytes(row)).toBe(textOf(row));
      expect(jsonBytes(record)).toBe(textOf(record));
    }
  });
});
