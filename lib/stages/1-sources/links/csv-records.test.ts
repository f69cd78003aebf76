import { describe, expect, it } from "vitest";
import { parseCsvRecords } from "./csv-records.js";

const linesOf = (text: string, withText: boolean) => {
  const parsed = parseCsvRecords(text, { withText });
  if ("error" in parsed) throw new Error(parsed.error.message);
  return parsed.records.map((r) => [r.line, r.cells]);
};

describe("a CSV record's line is the same whether its text is kept or not", () => {
  const texts = {
    "plain rows": "a,b\nc,d\ne,f\n",
    "blank lines between and before": "\n\na,b\n\n\nc,d\n\ne,f",
    "quoted cells over several lines": 'a,"one\ntwo\nthree"\nb,c\n"x\n",y\n"\nlead",z\n',
    "CRLF endings, inside quotes too": 'a,b\r\n"q\r\nr",c\r\n\r\nd,e\r\n',
    "a byte order mark and no final line feed": '\ufeffa,b\nc,"d\ne"',
  };
  for (const [name, text] of Object.entries(texts))
    it(name, () => {
      const kept = linesOf(text, true);
      expect(kept.length).toBeGreaterThan(1);
      expect(linesOf(text, false)).toEqual(kept);
    });

  it("the lines are the ones the rows start on", () => {
    expect(linesOf('\na,"b\nc"\n\nd,e\n', false).map(([line]) => line)).toEqual([2, 5]);
  });
});
