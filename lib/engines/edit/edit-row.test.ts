/** Rows of YAML and CSV link sources edited as text: the rows asked for, every other byte kept. */
import { describe, expect, it } from "vitest";
import { readSourceRows } from "../../stages/1-sources/links/source-file.js";
import { editRows } from "./edit-row.js";
import type { RowChange } from "./row-change.js";

const YAML = "custom/links/links.yaml";
const CSV = "custom/links/links.csv";

const BLOCK = `# Our links.
- slug: docs # the docs
  target: https://docs.example.com/ # moved in 2024
  tags: [docs]
# The team.
- state: active
  slug: team
  target: https://team.example.com/
  description: |
    two
    lines
- slug: last
  target: https://last.example.com/
`;

function edited(file: string, text: string, change: RowChange): string {
  const result = editRows(file, text, change);
  if ("problem" in result) throw new Error(result.problem.message);
  return result.text;
}

const set = (index: number, fields: Record<string, unknown>, unset: string[] = []): RowChange => ({
  kind: "set",
  index,
  set: fields,
  unset,
});

describe("editing a YAML row in place", () => {
  it("a new value is written after its key; the comments of the row stay", () => {
    const text = edited(YAML, BLOCK, set(0, { target: "https://new.example.com/" }));
    expect(text).toBe(
      BLOCK.replace("https://docs.example.com/ # moved", "https://new.example.com/ # moved"),
    );
  });

  it("a new field goes on a line of its own at the row's indentation, after its last field", () => {
    const text = edited(YAML, BLOCK, set(1, { title: "Team: people", owner: "hr" }));
    expect(text).toBe(
      BLOCK.replace("    lines\n", '    lines\n  title: "Team: people"\n  owner: hr\n'),
    );
  });

  it("a removed first field gives its place on the dash line to the next one", () => {
    const text = edited(YAML, BLOCK, set(1, {}, ["state"]));
    expect(text).toBe(BLOCK.replace("- state: active\n  slug: team", "- slug: team"));
  });

  it("a removed block value goes with all its lines", () => {
    const text = edited(YAML, BLOCK, set(1, {}, ["description"]));
    expect(text).toBe(BLOCK.replace("  description: |\n    two\n    lines\n", ""));
  });

  it("a block value replaced by a one-line value; a multi-line one is written quoted", () => {
    const text = edited(YAML, BLOCK, set(1, { description: "one\nline more" }));
    expect(text).toContain('  description: "one\\nline more"\n- slug: last');
  });

  it("a removed row goes with its lines; the comment above the next row stays", () => {
    expect(edited(YAML, BLOCK, { kind: "remove", index: 0 })).toBe(
      BLOCK.replace(
        "- slug: docs # the docs\n  target: https://docs.example.com/ # moved in 2024\n  tags: [docs]\n",
        "",
      ),
    );
    expect(edited(YAML, BLOCK, { kind: "remove", index: 2 })).toBe(
      BLOCK.replace("- slug: last\n  target: https://last.example.com/\n", ""),
    );
  });

  it("a row set and a copy inserted after it (mv --keep-old)", () => {
    const text = edited(YAML, BLOCK, {
      kind: "all",
      changes: [
        set(0, { state: "retired", successor: "guide" }),
        {
          kind: "insert-after",
          index: 0,
          row: { slug: "guide", target: "https://docs.example.com/" },
        },
      ],
    });
    expect(text).toBe(
      BLOCK.replace(
        "  tags: [docs]\n",
        "  tags: [docs]\n  state: retired\n  successor: guide\n- slug: guide\n  target: https://docs.example.com/\n",
      ),
    );
  });

  it("CRLF line ends, a byte-order mark and no final line break are kept", () => {
    const text =
      "\ufeff- slug: a\r\n  target: https://a.example.com/\r\n- slug: b\r\n  target: https://b.example.com/";
    expect(edited(YAML, text, set(1, { notes: "n" }))).toBe(`${text}\r\n  notes: n\r\n`);
    expect(edited(YAML, text, { kind: "remove", index: 0 })).toBe(
      "\ufeff- slug: b\r\n  target: https://b.example.com/",
    );
  });

  it("flow mappings and flow lists are edited in their own style", () => {
    const text =
      '[ { slug: a, target: "https://a.example.com/" }, { slug: b, target: "https://b.example.com/", owner: x } ]\n';
    expect(edited(YAML, text, set(1, { title: "B" }, ["owner"]))).toBe(
      '[ { slug: a, target: "https://a.example.com/" }, { slug: b, target: "https://b.example.com/", title: B } ]\n',
    );
    expect(edited(YAML, text, { kind: "remove", index: 0 })).toBe(
      '[ { slug: b, target: "https://b.example.com/", owner: x } ]\n',
    );
  });

  it("rows built on an anchor and a merge key are edited through the whole document", () => {
    const text = "- &base\n  slug: a\n  target: https://a.example.com/\n- <<: *base\n  slug: b\n";
    expect(edited(YAML, text, set(1, { owner: "o" }))).toBe(`${text}  owner: o\n`);
  });

  it("SL132: a field that only a merge key gives cannot be removed as text; nothing is written", () => {
    const text =
      "- &base\n  slug: a\n  target: https://a.example.com/\n  owner: o\n- <<: *base\n  slug: b\n";
    const result = editRows(YAML, text, set(1, {}, ["owner"]));
    expect(result).toHaveProperty("problem.code", "SL132");
  });
});

describe("editing a CSV row in place", () => {
  const TEXT =
    'slug,target,state,schedule_label,schedule_end,description\r\ndocs,https://d.example.com/,,,,"Docs, all"\r\nold,https://o.example.com/,retired,l,2030-01-01T00:00:00Z,\r\n';

  it("the record is rewritten in the file's column order, quoted where it must be", () => {
    const text = edited(CSV, TEXT, set(0, { state: "paused", description: 'say "hi"' }));
    expect(text).toBe(
      TEXT.replace(
        'docs,https://d.example.com/,,,,"Docs, all"',
        'docs,https://d.example.com/,paused,,,"say ""hi"""',
      ),
    );
  });

  it("a schedule is set or removed across its columns", () => {
    expect(edited(CSV, TEXT, set(1, {}, ["schedule"]))).toBe(
      TEXT.replace("retired,l,2030-01-01T00:00:00Z,", "retired,,,"),
    );
  });

  it("a row removed, and a row inserted after another", () => {
    expect(edited(CSV, TEXT, { kind: "remove", index: 0 })).toBe(
      TEXT.replace('docs,https://d.example.com/,,,,"Docs, all"\r\n', ""),
    );
    expect(
      edited(CSV, TEXT, {
        kind: "insert-after",
        index: 0,
        row: { slug: "new", target: "https://n.example.com/" },
      }),
    ).toBe(TEXT.replace('all"\r\n', 'all"\r\nnew,https://n.example.com/,,,,\r\n'));
  });

  it("a field without a column gets one at the header's end; the other rows stay as they were", () => {
    const text = edited(CSV, TEXT, set(0, { title: "Docs", notes: "n" }));
    expect(text).toBe(
      TEXT.replace("description\r\n", "description,title,notes\r\n").replace(
        '"Docs, all"\r\n',
        '"Docs, all",Docs,n\r\n',
      ),
    );
  });

  it("SL132: a field CSV has no column for (allow) is refused and named", () => {
    const result = editRows(CSV, TEXT, set(0, { allow: { rules: ["SL206"], reason: "vpn" } }));
    expect(result).toHaveProperty("problem.code", "SL132");
    expect("problem" in result && result.problem.message).toContain("no column for allow");
  });

  it("the result reads back as the rows asked for", () => {
    const text = edited(CSV, TEXT, set(1, { state: "active" }, ["schedule"]));
    expect(readSourceRows(text, CSV).rows.map((r) => r.value)).toEqual([
      { slug: "docs", target: "https://d.example.com/", description: "Docs, all" },
      { slug: "old", target: "https://o.example.com/", state: "active" },
    ]);
  });
});
