import { describe, expect, it } from "vitest";
import { parseBitly } from "./bitly.js";

const parse = (text: string) =>
  parseBitly({ text, file: "b.csv", flavour: "cloudflare", caseSensitive: false });

describe("Bitly export rows", () => {
  it("each custom back-half is one more link to the same destination", () => {
    const { rows } = parse(
      "link,long_url,custom_bitlinks\nhttps://bit.ly/3abc,https://example.com/a,https://bit.ly/spring\n",
    );
    expect(rows.map((r) => r.row.slug)).toEqual(["3abc", "spring"]);
  });

  it("a back-half named in both link and custom_bitlinks is one link, not a duplicate of itself", () => {
    const { rows, diagnostics } = parse(
      "link,long_url,custom_bitlinks\nhttps://bit.ly/xyz,https://example.com/c,bit.ly/xyz https://bit.ly/xyz\n",
    );
    expect(diagnostics).toEqual([]);
    expect(rows.map((r) => [r.row.slug, r.domain])).toEqual([["xyz", "bit.ly"]]);
  });
});
