import { parseAllDocuments } from "yaml";
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

  it.each([
    ["a line feed", "x\n- slug: pwn\n  target: https://evil.example/\n#"],
    ["a carriage return", "x\r- slug: pwn\r  target: https://evil.example/\r#"],
    ["a CRLF pair", "x\r\n- slug: pwn\r\n  target: https://evil.example/\r\n#"],
    ["other C0 and C1 controls", "x\u0000\u001b[2J\u0085\u2028\u2029y"],
  ])(
    "a source name holding %s stays inside its comments: the file holds exactly the imported rows",
    (_what, source) => {
      const text = importedYaml({
        format: "redirects",
        source,
        rows: [
          {
            line: 1,
            text: "/a https://example.com/a",
            row: { slug: "a", target: "https://example.com/a" },
          },
        ],
      });
      const docs = parseAllDocuments(text);
      expect(docs).toHaveLength(1);
      expect((docs as { toJS(): unknown }[])[0].toJS()).toEqual([
        { slug: "a", target: "https://example.com/a" },
      ]);
      expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
      for (const line of text.split("\n").filter((l) => l !== ""))
        expect(line.startsWith("#") || /^(- |  )/.test(line), line).toBe(true);
    },
  );
});
