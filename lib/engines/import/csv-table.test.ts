import { describe, expect, it } from "vitest";
import { parseYourls } from "./formats/yourls.js";
import { parseBitly } from "./formats/bitly.js";

const input = (text: string) => ({
  text,
  file: "export.csv",
  flavour: "cloudflare" as const,
  caseSensitive: false,
});

describe("CSV exports read by their header", () => {
  it("a record with more filled cells than the header is refused, never read shifted", () => {
    const { rows, diagnostics } = parseYourls(
      input(
        "keyword,url,title\nhw,https://example.com/hw,Hello\nhw2,hello, world,https://example.com/x\n",
      ),
    );
    expect(rows.map((r) => r.row.slug)).toEqual(["hw"]);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: "SL851",
        line: 3,
        message:
          "not imported: 4 cells where the header has 3: a value with a comma that is not quoted?",
      }),
    ]);
    const bitly = parseBitly(input("link,long_url\nhttps://bit.ly/a,https://example.com/a,x\n"));
    expect(bitly.diagnostics.map((d) => d.code)).toEqual(["SL851"]);
  });

  it("an empty cell past the header (a trailing comma) is no problem", () => {
    const { rows, diagnostics } = parseYourls(input("keyword,url\nhw,https://example.com/hw,\n"));
    expect(diagnostics).toEqual([]);
    expect(rows).toHaveLength(1);
  });

  it.each([
    [";", 'separated by ";"'],
    ["\t", "separated by tabs"],
  ])("a header separated by %j is named in the hint", (separator, hint) => {
    const { diagnostics } = parseYourls(
      input(
        `keyword${separator}url${separator}title\nhw${separator}https://example.com/${separator}x\n`,
      ),
    );
    expect(diagnostics).toEqual([
      expect.objectContaining({ code: "SL850", hint: expect.stringContaining(hint) }),
    ]);
  });
});
