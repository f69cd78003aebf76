/**
 * Property: for YAML and CSV link sources of many valid shapes and any row the format can carry,
 * appendRow gives text that the build's readers read as the old rows plus the new one, with every
 * comment and every old line kept in order. The figures printed at the end are the shapes tried.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { CSV_COLUMNS } from "../../stages/1-sources/links/read-csv.js";
import { readSourceRows } from "../../stages/1-sources/links/source-file.js";
import { appendRow } from "./append-row.js";

/** 400 per format by default; PROPERTY_RUNS runs a longer campaign. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 400);
const tried = { yaml: new Set<string>(), csv: new Set<string>(), rows: 0 };
afterAll(() => {
  console.log(
    `add property test: ${tried.rows} appends, ${tried.yaml.size} distinct YAML shapes, ${tried.csv.size} distinct CSV shapes`,
  );
});

// ---- rows ----------------------------------------------------------------------------------

const word = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/);
const text = fc.oneof(
  word,
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.constantFrom(
    "a # not a comment",
    "it's",
    'say "hi"',
    "x: y",
    "- dash",
    "yes",
    "null",
    "301",
    "é ☕",
    "two\nlines",
    "[flow]",
    "{a: b}",
    "tab\there",
    "trailing ",
  ),
);
/** Values CSV can carry: no edge spaces (cells are trimmed), not empty. */
const csvText = text.filter((s) => s.trim() === s && s !== "");
const tag = word;

/** Rows as the CLI builds them: plain objects (fast-check's records have no prototype). */
function rowOf(textArb: fc.Arbitrary<string>) {
  return fc
    .record(
      {
        slug: word.map((w) => `new-${w}`),
        target: word.map((w) => `https://example.com/${w}?q=1,2#f`),
        status: fc.constantFrom(301, 302, 307, 308),
        state: fc.constantFrom("active", "paused", "draft"),
        schedule: fc.record(
          {
            label: textArb,
            start: fc.constant("2026-01-01T00:00:00Z"),
            end: fc.constant("2027-01-01T00:00:00+01:00"),
          },
          { requiredKeys: ["label"] },
        ),
        forward_query: fc.boolean(),
        description: textArb,
        tags: fc.array(tag, { minLength: 1, maxLength: 3 }),
        owner: textArb,
      },
      { requiredKeys: ["slug", "target"] },
    )
    .map((row) => JSON.parse(JSON.stringify(row)) as Record<string, unknown>);
}

// ---- YAML sources --------------------------------------------------------------------------

/** How an old row writes its slug: plain, single-quoted with a hash, double-quoted with an escape. */
const quoting = fc.constantFrom("plain", "single", "double");
const slugText = (style: string, value: string) =>
  style === "single" ? `'${value} # x'` : style === "double" ? `"${value}\\t"` : value;
const comment = fc.oneof(
  fc.constant(""),
  word.map((w) => ` # ${w}`),
);

interface YamlShape {
  indent: number;
  style: "inline" | "dash-alone" | "wide";
  head: string[];
  docStart: "" | "---" | "--- # start";
  docEnd: "" | "..." | "...\n# after the end";
  between: string;
  eol: "\n" | "\r\n";
  finalNewline: boolean;
  bom: boolean;
}

const yamlShape: fc.Arbitrary<YamlShape> = fc.record({
  indent: fc.constantFrom(0, 2, 4),
  style: fc.constantFrom("inline", "dash-alone", "wide"),
  head: fc.array(
    word.map((w) => `# ${w}`),
    { maxLength: 2 },
  ),
  docStart: fc.constantFrom("", "---", "--- # start"),
  docEnd: fc.constantFrom("", "...", "...\n# after the end"),
  between: fc.constantFrom("", "\n", "# between\n", "\n  # indented comment\n"),
  eol: fc.constantFrom("\n", "\r\n"),
  finalNewline: fc.boolean(),
  bom: fc.boolean(),
});

const yamlRow = fc.record({
  slug: fc.record({ style: quoting, word }),
  target: word.map((w) => ({ text: `https://example.com/${w}` })),
  extra: fc.constantFrom("", "status", "tags", "schedule", "block"),
  comment,
});

type YamlRow = {
  slug: { style: string; word: string };
  target: { text: string };
  extra: string;
  comment: string;
};

function yamlItem(row: YamlRow, shape: YamlShape, i: number): string {
  const pad = " ".repeat(shape.indent);
  const inner = pad + (shape.style === "wide" ? "    " : "  ");
  const first =
    shape.style === "dash-alone"
      ? `${pad}-\n${inner}`
      : `${pad}-${shape.style === "wide" ? "   " : " "}`;
  const lines = [
    `${first}slug: ${slugText(row.slug.style, `${row.slug.word}-${i}`)}${row.comment}`,
    `${inner}target: ${row.target.text}`,
  ];
  if (row.extra === "status") lines.push(`${inner}status: 301`);
  if (row.extra === "tags") lines.push(`${inner}tags: [a, b]`);
  if (row.extra === "schedule")
    lines.push(`${inner}schedule:`, `${inner}  label: l`, `${inner}  end: "2099-01-01T00:00:00Z"`);
  if (row.extra === "block")
    lines.push(`${inner}description: |`, `${inner}  two`, `${inner}  lines`);
  return lines.join("\n");
}

const emptyYaml = fc.constantFrom(
  "",
  "# only a comment\n",
  "null\n",
  "~ # none\n",
  "--- ~\n",
  "[]\n",
  "--- [] # none yet\n",
  "---\n# nothing\n...\n",
);
const flowYaml = fc.constantFrom(
  "[{slug: a, target: 'https://e.com/a'}]\n",
  "[{slug: a, target: 'https://e.com/a'},] # trailing comma\n",
  "[\n  {slug: a, target: 'https://e.com/a'}, # one\n  {slug: b, target: 'https://e.com/b'}\n]\n",
);

const yamlSource = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(yamlShape, fc.array(yamlRow, { minLength: 1, maxLength: 4 }))
      .map(([shape, rows]) => {
        const body = [
          ...shape.head,
          ...(shape.docStart ? [shape.docStart] : []),
          rows.map((r, i) => yamlItem(r, shape, i)).join("\n" + shape.between),
          ...(shape.docEnd ? [shape.docEnd] : []),
        ].join("\n");
        const withEnd = shape.finalNewline ? body + "\n" : body;
        const key = JSON.stringify({
          ...shape,
          head: shape.head.length,
          extras: rows.map((r) => r.extra).sort(),
        });
        const text = (shape.bom ? "\ufeff" : "") + withEnd.replace(/\n/g, shape.eol);
        return { key, kind: "block", text };
      }),
  },
  { weight: 1, arbitrary: emptyYaml.map((t) => ({ key: `empty:${t}`, kind: "empty", text: t })) },
  { weight: 1, arbitrary: flowYaml.map((t) => ({ key: `flow:${t}`, kind: "flow", text: t })) },
);

// ---- CSV sources ---------------------------------------------------------------------------

const ALL = CSV_COLUMNS;
const csvCell = fc.oneof(
  word,
  fc.constantFrom('"quoted, with comma"', '"two\nlines"', '"say ""hi"""'),
);
const csvSource = fc
  .record({
    order: fc.shuffledSubarray(ALL.slice(2), { minLength: 0 }).chain((extra) =>
      fc.shuffledSubarray(["slug", "target", ...extra], {
        minLength: 2 + extra.length,
        maxLength: 2 + extra.length,
      }),
    ),
    rows: fc.array(fc.array(csvCell, { minLength: 0, maxLength: ALL.length }), { maxLength: 4 }),
    eol: fc.constantFrom("\n", "\r\n"),
    blank: fc.boolean(),
    finalNewline: fc.boolean(),
    bom: fc.boolean(),
    quotedHeader: fc.boolean(),
  })
  .map((s) => {
    const header = s.order.map((c) => (s.quotedHeader ? `"${c}"` : c)).join(",");
    const lines = s.rows.map((cells, i) => {
      const row = s.order.map((c, j) =>
        c === "slug"
          ? `old-${i}`
          : c === "target"
            ? `https://e.com/${i}`
            : c === "status"
              ? ""
              : c === "forward_query"
                ? ""
                : c.startsWith("schedule") || c === "routes"
                  ? ""
                  : (cells[j] ?? ""),
      );
      return row.join(",");
    });
    const body = [header, ...(s.blank ? [""] : []), ...lines].join(s.eol);
    const key = JSON.stringify({
      cols: s.order.length,
      first: s.order[0],
      rows: s.rows.length,
      eol: s.eol,
      blank: s.blank,
      fin: s.finalNewline,
      bom: s.bom,
      q: s.quotedHeader,
    });
    return {
      key,
      order: s.order,
      text: (s.bom ? "\ufeff" : "") + body + (s.finalNewline ? s.eol : ""),
    };
  });

// ---- the property --------------------------------------------------------------------------

/** Old lines (with their comments) appear in the new text in order: nothing was dropped. */
function keepsOldLines(oldText: string, newText: string): boolean {
  const strip = (t: string) =>
    t
      .replace(/^\ufeff/, "")
      .split(/\r?\n/)
      .filter((l) => l.trim() !== "");
  const next = strip(newText);
  let at = 0;
  for (const line of strip(oldText)) {
    while (at < next.length && next[at] !== line) at++;
    if (at === next.length) return false;
    at++;
  }
  return true;
}

const valuesOf = (file: string, text: string) =>
  readSourceRows(text, file).rows.map((r) => r.value);

describe("add over generated sources (property)", () => {
  it(`YAML: ${RUNS} sources of many shapes read back as old rows plus the new one, comments kept`, () => {
    fc.assert(
      fc.property(yamlSource, rowOf(text), (source, row) => {
        tried.yaml.add(source.key);
        tried.rows++;
        const file = "custom/links/p.yaml";
        const old = readSourceRows(source.text, file);
        expect(old.diagnostics).toEqual([]);
        const result = appendRow(file, source.text, row);
        if ("problem" in result)
          throw new Error(`${result.problem.message}\n${JSON.stringify(source.text)}`);
        expect(valuesOf(file, result.text)).toEqual([...old.rows.map((r) => r.value), row]);
        if (source.kind === "block") expect(keepsOldLines(source.text, result.text)).toBe(true);
        for (const c of source.text.match(/#[^\r\n]*/g) ?? [])
          expect(result.text).toContain(c.trim());
      }),
      { numRuns: RUNS },
    );
  });

  it(`CSV: ${RUNS} sources of many shapes read back as old rows plus the new one`, () => {
    fc.assert(
      fc.property(csvSource, rowOf(csvText), (source, row) => {
        tried.csv.add(source.key);
        tried.rows++;
        const file = "custom/links/p.csv";
        // The row uses only columns the file has (a missing column is refused, tested elsewhere).
        const usable = Object.fromEntries(
          Object.entries(row).filter(([k]) =>
            k === "schedule"
              ? source.order.includes("schedule_label") &&
                ["start", "end"].every((p) => source.order.includes(`schedule_${p}`))
              : source.order.includes(k),
          ),
        );
        const old = readSourceRows(source.text, file);
        expect(old.diagnostics).toEqual([]);
        const result = appendRow(file, source.text, usable);
        if ("problem" in result)
          throw new Error(`${result.problem.message}\n${JSON.stringify(source.text)}`);
        expect(valuesOf(file, result.text)).toEqual([...old.rows.map((r) => r.value), usable]);
        expect(result.text.startsWith(source.text)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
