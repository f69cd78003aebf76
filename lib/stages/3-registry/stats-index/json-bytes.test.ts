import { describe, expect, it } from "vitest";
import { jsonBytes, utf8Bytes } from "./paginate.js";
import { encodeRow, statsLinkOf } from "../../../../runtime/stats/rows.js";
import { makeLinks } from "../../../../bench/generate.mjs";
import type { LinkRecord } from "../../../../runtime/contract/index.js";

const textOf = (value: unknown) => utf8Bytes(JSON.stringify(value));

describe("a stats row's size is its JSON text's size (pages are cut by it)", () => {
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
    ];
    for (const value of values) expect(jsonBytes(value), JSON.stringify(value)).toBe(textOf(value));
  });

  it("every row of a generated real-shaped table", () => {
    const links = makeLinks(3000, 7, { shape: "real" }) as unknown as Record<string, unknown>[];
    for (const [i, link] of links.entries()) {
      const record = { kind: "exact", key: String(link.slug), file: "f.csv", line: i, ...link };
      const row = encodeRow(statsLinkOf(record as unknown as LinkRecord).link, 9_999);
      expect(jsonBytes(row)).toBe(textOf(row));
    }
  });
});
