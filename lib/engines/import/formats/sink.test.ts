import { describe, expect, it } from "vitest";
import { parseSink } from "./sink.js";

const parse = (text: string) =>
  parseSink({ text, file: "links.json", flavour: "cloudflare", caseSensitive: false });

describe("Sink JSON export", () => {
  it("a refused link is named by its place in the list and its slug: a minified export has one line", () => {
    const links = [
      { slug: "a", url: "https://example.com/a" },
      { url: "https://example.com/no-slug" },
      { slug: "secret", url: "https://example.com/s", password: "x" },
    ];
    const { rows, diagnostics } = parse(JSON.stringify(links));
    expect(rows.map((r) => r.row.slug)).toEqual(["a"]);
    expect(diagnostics.map((d) => `${d.line}: ${d.message}`)).toEqual([
      "1: not imported: link 2 of the list: no slug",
      '1: not imported: link 3 of the list ("secret"): password-protected links have no equivalent',
    ]);
  });
});
