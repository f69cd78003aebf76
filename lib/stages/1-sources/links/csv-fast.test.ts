import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eachPlainCsvRecord, plainCsvRecords } from "./csv-fast.js";
import { parseWithCsvParse } from "./csv-records.js";

/** What csv-parse makes of `text`: each record's line and cells, or its error. */
function byCsvParse(text: string) {
  const parsed = parseWithCsvParse(text, false);
  return "error" in parsed ? "error" : parsed.records.map((r) => [r.line, r.cells]);
}

const cell = fc.oneof(
  fc.stringMatching(/^[a-z é/:.;-]{0,6}$/),
  fc
    .array(fc.constantFrom("a", ",", '""', "\n", " ", "é", "\r\n", "\r"), { maxLength: 6 })
    .map((parts) => `"${parts.join("")}"`),
);
const record = fc.array(cell, { minLength: 1, maxLength: 4 }).map((cells) => cells.join(","));
/** A table as written: records, empty lines between them, a BOM, a final line feed or not. */
const table = fc
  .record({
    bom: fc.boolean(),
    lines: fc.array(fc.oneof(record, record, fc.constant("")), { maxLength: 8 }),
    final: fc.boolean(),
  })
  .map(({ bom, lines, final }) => (bom ? "\ufeff" : "") + lines.join("\n") + (final ? "\n" : ""));
/** Any text of the characters that matter to CSV, well-formed or not. */
const anything = fc
  .array(fc.constantFrom("a", ",", '"', "\n", "\r", " ", "\ufeff", "\ud800", "é"), {
    maxLength: 30,
  })
  .map((parts) => parts.join(""));

describe("plain CSV is read as csv-parse reads it", () => {
  it("the same records on the same lines for every table it reads", () => {
    let read = 0;
    fc.assert(
      fc.property(fc.oneof(table, anything), (text) => {
        const plain = plainCsvRecords(text);
        if (plain === undefined) return;
        read++;
        expect(plain.map((r) => [r.line, r.cells])).toEqual(byCsvParse(text));
      }),
      { numRuns: 5000 },
    );
    // Most generated tables are plain: the comparison above ran, not only the fallback.
    expect(read).toBeGreaterThan(1000);
  });

  it("gives each record's place in the text: the record as csv-parse writes it", () => {
    let read = 0;
    fc.assert(
      fc.property(table, (text) => {
        const spans: string[] = [];
        const plain = eachPlainCsvRecord(text, (_cells, _line, start, end) =>
          spans.push(text.slice(start, end)),
        );
        if (!plain) return;
        read++;
        const parsed = parseWithCsvParse(text, true);
        if ("error" in parsed) throw new Error("a plain table csv-parse cannot read");
        // csv-parse's raw text also holds the empty lines skipped before a record.
        expect(spans).toEqual(parsed.records.map((r) => r.text.replace(/^\ufeff?\n*/, "")));
      }),
      { numRuns: 5000 },
    );
    // About a third of generated tables are plain: some 1,700 expected, 20 deviations over 1,000.
    expect(read).toBeGreaterThan(1000);
  });

  it("leaves to csv-parse carriage returns, stray and unclosed quotes and lone surrogates", () => {
    for (const text of ["a,b\r\nc,d", 'a"b,c', '"a"b,c', '"a,b', "a,\ud800", 'a,"b" ,c'])
      expect(plainCsvRecords(text)).toBeUndefined();
  });

  it("reads a plain table's records and lines", () => {
    expect(plainCsvRecords('\ufeffa,b\n\n"c\nd",""""\n,\n')).toEqual([
      { cells: ["a", "b"], line: 1, text: "" },
      { cells: ["c\nd", '"'], line: 3, text: "" },
      { cells: ["", ""], line: 5, text: "" },
    ]);
  });
});
