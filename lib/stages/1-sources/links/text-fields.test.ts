/**
 * SL117 and SL118: the text of a link row reaches terminals, pull-request comments and the stats
 * page, so check refuses controls and bidi overrides in its free text, and lone surrogates
 * anywhere, naming the file, the line and the field, never printing the character itself.
 */
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../../shared/diagnostics.js";
import { checkRow } from "./load-sources.js";
import type { RawRow } from "./raw-row.js";

const C0 = Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c));
const DEL_C1 = Array.from({ length: 0x21 }, (_, c) => String.fromCharCode(0x7f + c));
const BIDI = [..."\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"];
const SEPARATORS = ["\u2028", "\u2029"];
const EVERY_CONTROL = [...C0, ...DEL_C1, ...BIDI, ...SEPARATORS];
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const hex = (c: string) => c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");

function row(fields: Record<string, unknown>): RawRow {
  return {
    file: "custom/links/links.yaml",
    line: 4,
    value: { slug: "docs", target: "https://docs.example.org/", ...fields },
    fieldLines: {
      slug: 4,
      target: 5,
      description: 6,
      owner: 7,
      tags: 8,
      schedule: 9,
      "schedule.label": 10,
      "schedule.start": 11,
      allow: 12,
      "allow.reason": 13,
      title: 14,
      notes: 15,
    },
  };
}

function problemsOf(fields: Record<string, unknown>) {
  const checked = checkRow(row(fields));
  return "diagnostics" in checked ? checked.diagnostics : [];
}

/** Each single-line text field with `text` in it, and the line it is on. */
const SINGLE_LINE: [string, (text: string) => Record<string, unknown>, number][] = [
  ["owner", (t) => ({ owner: `team${t}` }), 7],
  ["tags", (t) => ({ tags: ["ok", `tag${t}`] }), 8],
  [
    "schedule.label",
    (t) => ({ schedule: { label: `launch${t}`, start: "2030-01-01T00:00:00Z" } }),
    10,
  ],
  ["title", (t) => ({ title: `Docs${t}` }), 14],
];
const MULTI_LINE: [string, (text: string) => Record<string, unknown>, number][] = [
  ["description", (t) => ({ description: `about${t}` }), 6],
  ["allow.reason", (t) => ({ allow: { rules: ["SL208"], reason: `why${t}` } }), 13],
  ["notes", (t) => ({ notes: `moved${t}` }), 15],
];

describe("SL117: controls and bidi overrides in a link's text", () => {
  it.each(
    [...SINGLE_LINE, ...MULTI_LINE].flatMap(([field, make, line]) =>
      EVERY_CONTROL.filter((c) => !(MULTI_LINE.some(([f]) => f === field) && /[\n\t]/.test(c))).map(
        (c) => [field, hex(c), make(c), line] as const,
      ),
    ),
  )("%s with U+%s is refused at its line, naming the field", (field, code, fields, line) => {
    const problems = problemsOf(fields);
    expect(problems.map((d) => d.code)).toEqual(["SL117"]);
    expect(problems[0]).toMatchObject({ file: "custom/links/links.yaml", line });
    const text = formatDiagnostic(problems[0]);
    expect(text).toContain(`"${field}"`);
    expect(text).toContain(`U+${code}`);
    expect(text).not.toMatch(RAW);
  });

  it("a line break and a tab are fine in a description and an allow reason, a CR only before a line feed", () => {
    expect(problemsOf({ description: "two\nlines\twith a tab\r\nand CRLF" })).toEqual([]);
    expect(problemsOf({ allow: { rules: ["SL208"], reason: "one\ntwo" } })).toEqual([]);
    expect(problemsOf({ description: "over\rwrite" }).map((d) => d.code)).toEqual(["SL117"]);
  });

  it("letters of every script, emoji with joiners and the bidi marks LRM/RLM are fine", () => {
    const text = "café Ωμέγα 日本語 עברית\u200f العربية\u200e 👩‍👩‍👧 🇫🇷";
    expect(problemsOf({ description: text, owner: text, tags: [text] })).toEqual([]);
  });
});

describe("SL118: a lone surrogate in any text field", () => {
  it.each([
    ["slug", { slug: "docs\ud800" }, 4],
    ["target", { target: "https://docs.example.org/\udc00" }, 5],
    ["description", { description: "a\ud800" }, 6],
    ["owner", { owner: "\ud800" }, 7],
    ["tags", { tags: ["x\udfff"] }, 8],
    ["schedule.label", { schedule: { label: "l\ud800", start: "2030-01-01T00:00:00Z" } }, 10],
    ["schedule.start", { schedule: { label: "l", start: "2030-01-01T00:00:00Z\ud800" } }, 11],
    ["allow.reason", { allow: { rules: ["SL208"], reason: "\udbff" } }, 13],
    ["allow.rules", { allow: { rules: ["SL208\ud800"], reason: "r" } }, 12],
  ])("in %s it is refused, naming the field", (field, fields, line) => {
    const problems = problemsOf(fields);
    expect(problems.map((d) => d.code)).toEqual(["SL118"]);
    expect(problems[0].line).toBe(line);
    const text = formatDiagnostic(problems[0]);
    expect(text).toContain(`"${field}"`);
    expect(text).not.toMatch(/[\ud800-\udfff]/);
  });

  it("a surrogate pair (an emoji) is one character, not a lone surrogate", () => {
    expect(problemsOf({ owner: "😀", tags: ["𝒜"] })).toEqual([]);
  });
});
