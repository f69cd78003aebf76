import fc from "fast-check";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { readYamlRowsFast } from "./fast-yaml.js";
import { readYamlRowsFull } from "./read-yaml.js";

const values = (text: string) => readYamlRowsFast(text, "f.yaml")?.map((r) => r.value);

describe("fast YAML reader", () => {
  it.each([
    ["plain fields", "- slug: docs\n  target: https://example.com/a#frag\n"],
    [
      "comments everywhere",
      "# head\n- slug: docs # trailing\n  # inside\n  target: https://example.com/ # c\n\n# tail\n",
    ],
    [
      "core-schema scalars",
      "- a: 301\n  b: true\n  c: False\n  d: ~\n  e: 0x1F\n  f: 0o17\n  g: 1.5e3\n  h: .inf\n  i: -12\n  j: 2026-01-01T00:00:00Z\n  k: yes\n  l: null\n  m:\n",
    ],
    [
      "quoted scalars",
      "- a: \"x # not a comment\"\n  b: 'it''s'\n  c: \"tab\\tand \\u00e9\"\n  d: '' # empty\n  e: \"\"\n",
    ],
    ["flow lists", "- tags: [a, b, 3, true]\n  empty: []\n"],
    [
      "nested mapping",
      '- slug: launch\n  schedule:\n    label: l\n    start: "2026-01-01T00:00:00Z"\n  target: https://example.com/\n',
    ],
    ["row on the next line and CRLF", "-\r\n  slug: docs\r\n  target: x\r\n"],
    ["empty item is null", "- \n- slug: a\n"],
    ["indented sequence", "  - slug: a\n    target: b\n  - slug: c\n"],
    ["unicode", "- slug: Café\n  description: naïve ☕\n"],
    ["tab and control characters in comment lines", "- slug: a\n  #\tc \u0007\n\t\n  target: b\n"],
  ])("%s: equals yaml.parse", (_name, text) => {
    expect(values(text)).toEqual(parse(text));
  });

  it.each([
    ["document marker", "---\n- slug: a\n"],
    ["block scalar", "- slug: a\n  description: |\n    two\n    lines\n"],
    ["multi-line plain scalar", "- slug: a\n  description: one\n    two\n"],
    ["anchor and alias", "- slug: &s a\n  other: *s\n"],
    ["tag", "- slug: !!str 301\n"],
    ["duplicate key", "- slug: a\n  slug: b\n"],
    ["flow mapping", "- allow: {rules: [SL206], reason: x}\n"],
    ["quoted list items", "- tags: ['a', \"b\"]\n"],
    ["block list under a key", "- tags:\n    - a\n"],
    ["deeper nesting", "- a:\n    b:\n      c: 1\n"],
    ["tab indentation", "- slug: a\n\ttarget: b\n"],
    ["top-level mapping", "slug: a\n"],
    ["multi-line quoted", '- slug: "a\n  b"\n'],
    ["mapping value in plain scalar", "- slug: a: b\n"],
    ["empty file", "# nothing\n"],
    ["a last line holding a tab, no newline after it", "-\n\t"],
    ["a CR ending the last line, no newline after it", "- slug: a\r"],
  ])("%s: falls back to the yaml package", (_name, text) => {
    expect(readYamlRowsFast(text, "f.yaml")).toBeUndefined();
  });

  it("line numbers of rows and fields match the yaml document API", () => {
    const text =
      "# c\n- slug: a\n  target: b\n\n- slug: c\n  schedule:\n    label: l\n    end: x\n";
    const fast = readYamlRowsFast(text, "f.yaml")!;
    const full = readYamlRowsFull(text, "f.yaml").rows;
    expect(fast.map((r) => [r.line, r.fieldLines])).toEqual(
      full.map((r) => [r.line, r.fieldLines]),
    );
  });

  it("random one-line scalars: the fast reader agrees with yaml.parse or falls back", () => {
    const scalar = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.string({ unit: "binary", maxLength: 8 }),
      fc.constantFrom(
        "true",
        "~",
        "0x1f",
        "-1.5",
        ".NaN",
        "'q''q'",
        '"a\\"b"',
        "[x, y]",
        "a #b",
        "a#b",
        "- x",
        ": x",
        "@x",
        "%x",
        "1_000",
      ),
    );
    fc.assert(
      fc.property(scalar, (value) => {
        const text = `- key: ${value}\n`;
        const fast = values(text);
        if (fast === undefined) return true;
        let expected: unknown;
        try {
          expected = parse(text);
        } catch {
          return false; // the fast reader accepted something yaml refuses
        }
        expect(fast).toEqual(expected);
        return true;
      }),
      { numRuns: 2000 },
    );
  });

  it("random double-quoted scalars, with and without escapes: the fast reader agrees with yaml.parse or falls back", () => {
    const part = fc.constantFrom(
      "a",
      " ",
      "#",
      '\\"',
      "\\n",
      "\\u00e9",
      "\\\\",
      "é",
      "\u2028",
      "'",
      ":",
      "\u0001",
    );
    const quoted = fc
      .tuple(fc.array(part, { maxLength: 6 }), fc.constantFrom("", " ", " # c", "x"))
      .map(([parts, after]) => `"${parts.join("")}"${after}`);
    let read = 0;
    fc.assert(
      fc.property(quoted, (value) => {
        const text = `- key: ${value}\n`;
        const fast = values(text);
        if (fast === undefined) return;
        read++;
        expect(fast).toEqual(parse(text));
      }),
      { numRuns: 2000 },
    );
    expect(read).toBeGreaterThan(500);
  });

  it("random documents built from typical lines: the fast reader agrees with yaml.parse or falls back", () => {
    const line = fc.constantFrom(
      "- slug: a",
      "- slug: b # c",
      "  target: https://x.example/p?q=1#f",
      "  schedule:",
      "    label: x",
      "    start: '2026-01-01T00:00:00Z'",
      "  # comment",
      "",
      "-",
      "- ",
      "  tags: [a, b]",
      "  tags:",
      "  - x",
      "    - y",
      " odd: 1",
      "key: v",
      "  slug: dup",
      "   deeper: 2",
      "  status: 301",
      "  forward_query: no",
      '  description: "q"',
      "    end:",
      "  allow:",
      "    rules: [SL206]",
      "---",
    );
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), (lines) => {
        const text = lines.join("\n") + "\n";
        const fast = values(text);
        if (fast === undefined) return true;
        expect(fast).toEqual(parse(text, { uniqueKeys: true }));
        return true;
      }),
      { numRuns: 3000 },
    );
  });

  it("random blanks, CRs, tabs and control characters: the fast reader agrees with yaml.parse or falls back", () => {
    const blank = fc.constantFrom("", " ", "  ", "\t", " \t");
    const line = fc.tuple(
      fc.constantFrom(
        "- slug: a",
        "  target: https://x.example/p",
        "  status: 301",
        "  tags: [a,  b ]",
        "  description: 'x' ",
        "  # c\tomment \u0007",
        "#\u00a0\ufeff",
        "",
        "\t",
        "  note: a\u0007b",
        "  note: x\t#y",
        "-",
      ),
      blank,
      fc.boolean(),
    );
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), fc.boolean(), (lines, last) => {
        const joined = lines.map(([l, end, cr]) => l + end + (cr ? "\r" : "") + "\n").join("");
        // With or without a newline ending the last line.
        const text = last ? joined : joined.slice(0, -1);
        const fast = values(text);
        if (fast === undefined) return true;
        expect(fast).toEqual(parse(text, { uniqueKeys: true }));
        return true;
      }),
      { numRuns: 3000 },
    );
  });

  it("random rows naming keys in varying orders: rows, lines and field lines equal the yaml document API's", () => {
    // The reader reuses the key a row had at the same place: a row naming other keys there, a
    // key that is a prefix of another, or a nested key under another parent must not reuse it.
    const nested = fc.shuffledSubarray(["    label: l", "    title: t", "    labels: 2"], {
      minLength: 1,
    });
    const field = fc.oneof(
      fc.constantFrom(
        ["  slugs: b"],
        ["  tag: [x]"],
        ["  tags: [x, y]"],
        ["  target: https://x.example/"],
        ["  null: x"],
      ),
      nested.map((lines) => ["  schedule:", ...lines]),
      nested.map((lines) => ["  preview:", ...lines]),
    );
    const head = fc.constantFrom("- slug: s", "- owner: o");
    const row = fc
      .tuple(head, fc.uniqueArray(field, { maxLength: 4, selector: (lines) => lines[0] }))
      .map(([first, fields]) => [first, ...fields.flat()]);
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 6 }), (rows) => {
        const text = rows.map((lines) => lines.join("\n")).join("\n") + "\n";
        const fast = readYamlRowsFast(text, "f.yaml");
        if (fast === undefined) return true;
        const full = readYamlRowsFull(text, "f.yaml");
        expect(full.diagnostics).toEqual([]);
        // The fast reader names no list item's line (`tags.0`): its list's line stands for it.
        const noItems = (lines: Record<string, number>) =>
          Object.fromEntries(Object.entries(lines).filter(([key]) => !/\.\d+$/.test(key)));
        expect(fast.map((r) => [r.line, r.fieldLines, r.value])).toEqual(
          full.rows.map((r) => [r.line, noItems(r.fieldLines), r.value]),
        );
        return true;
      }),
      { numRuns: 3000 },
    );
  });
});
