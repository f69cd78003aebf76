import { describe, expect, it } from "vitest";
import { parseCsvRecords } from "./csv-records.js";

const linesOf = (text: string, withText: boolean) => {
  const parsed = parseCsvRecords(text, { withText });
  if ("error" in parsed) throw new Error(parsed.error.message);
  return parsed.records.map((r) => [r.line, r.cells]);
};

describe("a CSV record's line is the same whether its text is kept or not", () => {
  // Each text, and the lines its records start on.
  const texts: Record<string, [string, number[]]> = {
    "plain rows": ["a,b\nc,d\ne,f\n", [1, 2, 3]],
    "blank lines between and before": ["\n\na,b\n\n\nc,d\n\ne,f", [3, 6, 8]],
    "quoted cells over several lines": [
      'a,"one\ntwo\nthree"\nb,c\n"x\n",y\n"\nlead",z\n',
      [1, 4, 5, 7],
    ],
    "CRLF endings, inside quotes too": ['a,b\r\n"q\r\nr",c\r\n\r\nd,e\r\n', [1, 2, 5]],
    "CRLF line breaks inside a quoted cell": ['a,b\r\n"q\r\n\r\nr",c\r\nd,e\r\n', [1, 2, 5]],
    "a byte order mark and no final line feed": ['\ufeffa,b\nc,"d\ne"', [1, 2]],
  };
  for (const [name, [text, lines]] of Object.entries(texts))
    it(name, () => {
      const kept = linesOf(text, true);
      expect(kept.length).toBeGreaterThan(1);
      expect(linesOf(text, false)).toEqual(kept);
      expect(kept.map(([line]) => line)).toEqual(lines);
    });

  it("the lines are the ones the rows start on", () => {
    expect(linesOf('\na,"b\nc"\n\nd,e\n', false).map(([line]) => line)).toEqual([2, 5]);
  });
});
