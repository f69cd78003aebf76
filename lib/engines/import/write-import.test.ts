import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { parse, parseAllDocuments } from "yaml";
import { describe, expect, it } from "vitest";
import { importedFiles, importedYaml, partPaths, writeImported } from "./write-import.js";

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

  it("property: any export name and line text stay in their comments; the rows are what was imported", () => {
    const text = fc.string({ unit: "binary", maxLength: 40 });
    fc.assert(
      fc.property(text, fc.array(text, { minLength: 1, maxLength: 4 }), (source, lines) => {
        const rows = lines.map((line, i) => ({
          line: i + 1,
          text: line,
          row: { slug: `s${i}`, target: `https://example.com/${i}` },
        }));
        const yaml = importedYaml({ format: "redirects", source, rows });
        expect(parseAllDocuments(yaml)).toHaveLength(1);
        expect(parse(yaml)).toEqual(rows.map((r) => r.row));
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 400) },
    );
  });

  it("rows past a file's row or byte limit go on into more files, in order, each a list of rows", () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({
      line: i + 1,
      text: `/s${i} https://example.com/${i}`,
      row: { slug: `s${i}`, target: `https://example.com/${i}` },
    }));
    const byRows = importedFiles({ format: "yourls", source: "y.csv", rows, maxRows: 3 });
    expect(byRows.map((t) => (parse(t) as unknown[]).length)).toEqual([3, 3, 1]);
    expect(byRows[1]).toMatch(
      /^# Imported by `shortlinks import yourls` from y\.csv \(part 2 of 3\)\./,
    );
    const all = byRows.flatMap((t) => parse(t) as { slug: string }[]).map((r) => r.slug);
    expect(all).toEqual(rows.map((r) => r.row.slug));
    const byBytes = importedFiles({
      format: "yourls",
      source: "y.csv",
      rows,
      maxBytes: 4096 + 200,
    });
    expect(byBytes.length).toBeGreaterThan(1);
    for (const text of byBytes) expect(Buffer.byteLength(text)).toBeLessThanOrEqual(4096 + 200);
    expect(importedFiles({ format: "yourls", source: "y.csv", rows })).toEqual([
      importedYaml({ format: "yourls", source: "y.csv", rows }),
    ]);
  });

  it("the parts of custom/links/NAME.yaml are NAME-part-2.yaml, NAME-part-3.yaml, ...", () => {
    expect(partPaths("custom/links/old.yml", 3)).toEqual([
      "custom/links/old.yml",
      "custom/links/old-part-2.yml",
      "custom/links/old-part-3.yml",
    ]);
  });

  it("SL855: when one part's name is taken, no part is written", async () => {
    const root = mkdtempSync(join(tmpdir(), "shortlinks-write-import-"));
    try {
      mkdirSync(join(root, "custom/links"), { recursive: true });
      writeFileSync(join(root, "custom/links/old-part-2.yaml"), "mine\n");
      const wrote = await writeImported(root, "custom/links/old.yaml", ["- a\n", "- b\n"]);
      expect(wrote).toEqual({ problem: expect.objectContaining({ code: "SL855" }) });
      expect(readdirSync(join(root, "custom/links"))).toEqual(["old-part-2.yaml"]);
      expect(readFileSync(join(root, "custom/links/old-part-2.yaml"), "utf8")).toBe("mine\n");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
