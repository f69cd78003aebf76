import { describe, expect, it } from "vitest";
import { importedYaml } from "./write-import.js";

describe("the imported file", () => {
  it("each row's comment is its source line on one line, without stray whitespace (CRLF input)", () => {
    const text = importedYaml({
      format: "redirects",
      source: "_redirects",
      rows: [
        { line: 1, text: "/a https://example.com/a 301\r", row: { slug: "a" } },
        { line: 3, text: "\n/b  https://example.com/b\r\n", row: { slug: "b" } },
      ],
    });
    const comments = text.split("\n").filter((l) => l.startsWith("# _redirects:"));
    expect(comments).toEqual([
      "# _redirects:1: /a https://example.com/a 301",
      "# _redirects:3: /b  https://example.com/b",
    ]);
  });
});
