import { describe, expect, it } from "vitest";
import { readCsvRows } from "./read-csv.js";
import { checkRow } from "./load-sources.js";

const HEADER =
  "slug,target,status,state,schedule_label,schedule_start,schedule_end,forward_query,description,tags,owner";

describe("CSV sources", () => {
  it("reads the routes column as a YAML flow list (JSON is one too)", () => {
    const text = [
      "slug,target,routes",
      'app,https://x.example/,"[{when: {country: FR}, target: ""https://x.example/fr""}]"',
      'json,https://x.example/,"[{""split"": [{""weight"": 1, ""target"": ""https://a.example/""}]}]"',
      "plain,https://x.example/,",
    ].join("\n");
    const { rows, diagnostics } = readCsvRows(text, "f.csv");
    expect(diagnostics).toEqual([]);
    expect(rows.map((r) => r.value)).toEqual([
      {
        slug: "app",
        target: "https://x.example/",
        routes: [{ when: { country: "FR" }, target: "https://x.example/fr" }],
      },
      {
        slug: "json",
        target: "https://x.example/",
        routes: [{ split: [{ weight: 1, target: "https://a.example/" }] }],
      },
      { slug: "plain", target: "https://x.example/" },
    ]);
  });

  it("SL375: a routes cell that is no flow list refuses its row, the others are read", () => {
    const text = "slug,target,routes\na,https://x.example/,country=FR\nb,https://x.example/,\n";
    const { rows, diagnostics } = readCsvRows(text, "f.csv");
    expect(diagnostics.map((d) => [d.code, d.line])).toEqual([["SL375", 2]]);
    expect(rows.map((r) => (r.value as { slug: string }).slug)).toEqual(["b"]);
  });

  it("reads the remainder column as the YAML remainder field", () => {
    const text =
      "slug,target,remainder\nold/*,https://x.example/,drop\nnew/*,https://y.example/,\n";
    const { rows } = readCsvRows(text, "f.csv");
    expect(rows.map((r) => r.value)).toEqual([
      { slug: "old/*", target: "https://x.example/", remainder: "drop" },
      { slug: "new/*", target: "https://y.example/" },
    ]);
  });

  it("maps columns to the YAML row shape, with each row's line", () => {
    const text = `${HEADER}\ndocs,https://x.example/,301,paused,l,2026-01-01T00:00:00Z,,false,"Two\nlines",a;b,me\n\njobs,https://y.example/,,,,,,,,,\n`;
    const { rows, diagnostics } = readCsvRows(text, "f.csv");
    expect(diagnostics).toEqual([]);
    expect(rows.map((r) => [r.line, r.value])).toEqual([
      [
        2,
        {
          slug: "docs",
          target: "https://x.example/",
          status: 301,
          state: "paused",
          schedule: { label: "l", start: "2026-01-01T00:00:00Z" },
          forward_query: false,
          description: "Two\nlines",
          tags: ["a", "b"],
          owner: "me",
        },
      ],
      [5, { slug: "jobs", target: "https://y.example/" }],
    ]);
  });

  it("title, notes and successor columns are the YAML fields of the same names", () => {
    const text =
      "slug,target,state,title,notes,successor\nold,https://x.example/,retired,Old,why,new\n";
    const { rows, diagnostics } = readCsvRows(text, "f.csv");
    expect(diagnostics).toEqual([]);
    expect(rows[0].value).toEqual({
      slug: "old",
      target: "https://x.example/",
      state: "retired",
      title: "Old",
      notes: "why",
      successor: "new",
    });
    expect(checkRow(rows[0])).toHaveProperty("link");
  });

  it("a subset of columns in any order is fine", () => {
    const { rows } = readCsvRows("target,slug\nhttps://x.example/,docs\n", "f.csv");
    expect(rows[0].value).toEqual({ slug: "docs", target: "https://x.example/" });
  });

  it("SL107: a column named twice is refused (the readers must not disagree on which cell wins)", () => {
    const { rows, diagnostics } = readCsvRows(
      "slug,target,target\ndocs,https://a.example/,https://b.example/\n",
      "f.csv",
    );
    expect(rows).toEqual([]);
    expect(diagnostics.map((d) => [d.code, d.line])).toEqual([["SL107", 1]]);
    expect(diagnostics[0].message).toContain("target");
  });

  it.each([
    ["SL107", "slug,url\ndocs,x\n"],
    ["SL107", "description\nx\n"],
    ["SL101", `${HEADER}\n"unclosed,x\n`],
  ])("%s: %j", (code, text) => {
    expect(readCsvRows(text, "f.csv").diagnostics.map((d) => d.code)).toEqual([code]);
  });

  it.each([
    ["SL105", `${HEADER}\ndocs,https://x.example/,abc,,,,,,,,\n`],
    ["SL105", `${HEADER}\ndocs,https://x.example/,,,,,,maybe,,,\n`],
    ["SL106", "slug,target\ndocs,https://x.example/,extra\n"],
    ["SL104", "slug,target\ndocs,\n"],
  ])("%s: a bad cell names the field", (code, text) => {
    const [row] = readCsvRows(text, "f.csv").rows;
    const checked = checkRow(row);
    expect("diagnostics" in checked && checked.diagnostics.map((d) => d.code)).toEqual([code]);
  });
});
