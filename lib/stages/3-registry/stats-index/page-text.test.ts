import { describe, expect, it } from "vitest";
import {
  LINK_STATES,
  STATS_PAGE_SCHEMA,
  type StatsPage,
} from "../../../../runtime/contract/index.js";
import { encodeRow, statsLinkOf, type StatsLink } from "../../../../runtime/stats/rows.js";
import { linkRecord } from "../../../../test/support/stats-files.js";
import { buildStatsIndex } from "./build-stats-index.js";
import {
  emptyRowTexts,
  pageBytes,
  pageText,
  putRowText,
  type PageLayout,
  type RowTexts,
} from "./page-text.js";

/** Every link's row text, as the sequence writes them. */
function rowTextsOf(links: readonly StatsLink[]): RowTexts {
  const rows = emptyRowTexts(links.length);
  links.forEach((link, i) => putRowText(rows, i, link));
  return rows;
}

/** Text JSON escapes or writes as more than one UTF-8 byte a character. */
const AWKWARD = [
  'quote " and \\ back',
  "tab\tline\nfeed\u0001",
  "café ☕ 😀",
  "lone \ud800 half",
  "/</script>",
  "ends in a backslash \\",
  '\\"',
];

/** Links of every state and kind, with and without each optional field, in awkward text. */
function statsLinks(n: number): StatsLink[] {
  return Array.from({ length: n }, (_, i) => {
    const text = AWKWARD[i % AWKWARD.length];
    const link: StatsLink = {
      slug: i % 7 === 3 ? `docs/${i}/*` : `s${i}-${text}`,
      kind: i % 7 === 3 ? "splat" : i % 11 === 5 ? "placeholder" : "exact",
      target: `https://example.com/${text}/${i}`,
      status: i % 2 ? 302 : 301,
      state: LINK_STATES[i % LINK_STATES.length],
      file: `custom/links/${text}.csv`,
      line: i * 37 + 1,
    };
    if (i % 3 === 0)
      link.schedule = {
        label: text,
        start: "2026-01-01T00:00:00Z",
        end: "2026-02-01T00:00:00+01:00",
      };
    if (i % 5 === 1) link.schedule = { label: "launch", end: "2027-01-01T00:00:00Z" };
    if (i % 2 === 0) link.owner = text;
    if (i % 4 !== 3) link.tags = [text, `t${i % 3}`];
    if (i % 6 === 2) link.description = `${text} ${i}`;
    if (i % 9 === 4)
      link.routes = [
        { route: "mobile", target: `https://m.example.com/${i}` },
        { route: "split", target: `https://b.example.com/${text}`, variant: "b" },
      ];
    if (i % 8 === 6) link.title = text;
    if (i % 10 === 7) link.notes = `${text}!`;
    return link;
  });
}

describe("stats page text", () => {
  it("is JSON.stringify of the page and its rows, and pageBytes its UTF-8 length", () => {
    const links = statsLinks(120);
    const rows = rowTextsOf(links);
    const spansOptions: StatsPage["spans"][] = [
      { anchor: "", counts: [] },
      {
        anchor: "all\u0000s1-café",
        counts: [
          [5, 3, 2],
          [6, 1, 0],
        ],
      },
    ];
    // File indices of one to three digits, rows in any order and each link in several groups.
    for (const [p, size] of [1, 7, 40, 120].entries()) {
      const layout: PageLayout = {
        files: Array.from({ length: 150 }, (_, f) => `custom/links/${AWKWARD[f % 5]}-${f}.csv`),
        groups: [
          ["all", 0],
          [`owner:${AWKWARD[p]}`, Math.floor(size / 2)],
        ],
        links: Array.from({ length: size }, (_, r) => (r * 53 + p) % links.length),
        fileOf: Array.from({ length: size }, (_, r) => (r * 31 + p * 7) % 150),
      };
      const spans = spansOptions[p % 2];
      const page: StatsPage = {
        schema: STATS_PAGE_SCHEMA,
        files: layout.files,
        groups: layout.groups,
        rows: layout.links.map((link, r) => encodeRow(links[link], layout.fileOf[r])),
        spans,
      };
      const expected = JSON.stringify(page);
      expect(pageText(layout, spans, rows)).toBe(`${expected}\n`);
      expect(pageBytes(layout, spans, rows)).toBe(Buffer.byteLength(expected));
    }
  });

  it("an empty page is JSON.stringify of the page", () => {
    const layout: PageLayout = { files: [], groups: [], links: [], fileOf: [] };
    const spans = { anchor: "", counts: [] };
    const rows = rowTextsOf([]);
    const expected = JSON.stringify({
      schema: STATS_PAGE_SCHEMA,
      files: [],
      groups: [],
      rows: [],
      spans,
    });
    expect(pageText(layout, spans, rows)).toBe(`${expected}\n`);
    expect(pageBytes(layout, spans, rows)).toBe(Buffer.byteLength(expected));
  });

  it("a built index's pages are compact JSON of rows encoded from their links", () => {
    const records = Array.from({ length: 90 }, (_, i) =>
      linkRecord({
        slug: i % 9 === 0 ? `g${i}/*` : i % 2 ? `café-${i}` : `s${i}`,
        description: AWKWARD[i % 5],
        state: LINK_STATES[i % LINK_STATES.length],
        owner: AWKWARD[i % 3],
        tags: [AWKWARD[(i + 1) % 3], `t${i % 4}`],
        ...(i % 4 === 0
          ? { schedule: { label: AWKWARD[i % 3], start: "2026-03-01T10:00:00Z" } }
          : {}),
        file: `custom/links/${AWKWARD[i % 5]}.csv`,
        line: i + 2,
      }),
    );
    const built = buildStatsIndex(records, false, { pageBytes: 2_000, spansReserve: 300 });
    expect(built.pageTexts.length).toBeGreaterThan(5);
    for (const text of built.pageTexts) {
      const page = JSON.parse(text) as StatsPage;
      expect(text).toBe(`${JSON.stringify(page)}\n`);
      for (const row of page.rows) {
        const record = records.find((r) => r.slug === row[0]);
        if (!record) throw new Error(`no link ${row[0]}`);
        expect(page.files[row[5]]).toBe(record.file);
        expect(row).toEqual(encodeRow(statsLinkOf(record).link, row[5]));
      }
    }
    expect(built.diagnostics).toEqual([]);
  });
});
