import { describe, expect, it } from "vitest";
import {
  STATS_INDEX_MAX_BYTES,
  STATS_TEXT_MAX,
  type LinkRecord,
  type StatsPage,
} from "../../../../runtime/contract/index.js";
import { keyAt } from "../../../../runtime/stats/page-search.js";
import { Separators } from "../../../../runtime/stats/separators.js";
import { linkRecord } from "../../../../test/support/stats-files.js";
import { buildStatsIndex, measureStatsIndex, statsPagesOf } from "./build-stats-index.js";
import { utf8Bytes } from "./paginate.js";

const SMALL = { pageBytes: 1_200, spansReserve: 300 };
const links = (n: number, fields: (i: number) => Partial<LinkRecord> = () => ({})) =>
  Array.from({ length: n }, (_, i) =>
    linkRecord({ slug: `s${String(i).padStart(4, "0")}`, line: i + 1, ...fields(i) }),
  );

describe("stats index build", () => {
  it("pages keep to their byte budget and hold the listings in key order", () => {
    const built = buildStatsIndex(
      links(200, (i) => ({ state: i % 4 ? "active" : "paused", tags: [`t${i % 3}`] })),
      false,
      SMALL,
    );
    expect(statsPagesOf(built).length).toBeGreaterThan(10);
    for (const page of statsPagesOf(built))
      expect(utf8Bytes(JSON.stringify(page))).toBeLessThanOrEqual(SMALL.pageBytes);
    const keys = statsPagesOf(built).flatMap((page) =>
      page.rows.map((_, i) => keyAt(page, i, false)),
    );
    expect(keys).toEqual([...keys].sort());
    expect(new Set(keys).size).toBe(keys.length);
    expect(built.diagnostics).toEqual([]);
  });

  it("a page sink gets each page's file size in bytes and the same text as the kept pages", () => {
    const records = links(200, (i) => ({ owner: i % 2 ? "ops" : "é✓", tags: [`t${i % 3}`] }));
    const kept = buildStatsIndex(records, false, SMALL);
    const handed: { page: number; bytes: number; text: string }[] = [];
    const sunk = buildStatsIndex(records, false, SMALL, (page, bytes, text) =>
      handed.push({ page, bytes, text: text() }),
    );
    expect(sunk.pageTexts).toEqual([]);
    expect(handed.map((h) => h.text)).toEqual(kept.pageTexts);
    handed.forEach((h, p) => {
      expect(h.page).toBe(p);
      expect(h.bytes).toBe(Buffer.byteLength(h.text));
    });
  });

  it("an owner or tag holding a lone surrogate is indexed, not an internal error", () => {
    const built = buildStatsIndex(
      links(3, (i) => ({ owner: i === 0 ? "ops\ud800" : "ops", tags: [`t${i}\udc00`] })),
      false,
      SMALL,
    );
    const ids = statsPagesOf(built).flatMap((page) => page.groups.map((g) => g[0]));
    expect(ids).toContain("owner:ops%EF%BF%BD");
    expect(ids).toContain("tag:t0%EF%BF%BD");
  });

  it("each page's separator sorts above the previous page's last key and at or below its first", () => {
    const built = buildStatsIndex(links(120), false, SMALL);
    const separators = new Separators(built.index.pages.first);
    const first = statsPagesOf(built).map((_, p) => separators.at(p));
    expect(built.index.pages.first[2][0]).toBeGreaterThan(0); // front-coded
    statsPagesOf(built).forEach((page, p) => {
      expect(first[p] <= keyAt(page, 0, false)).toBe(true);
      if (p > 0) {
        const previous = statsPagesOf(built)[p - 1];
        expect(first[p] > keyAt(previous, previous.rows.length - 1, false)).toBe(true);
      }
    });
  });

  it("a facet holding more than half the links is dense: not copied, its empty pages listed", () => {
    const built = buildStatsIndex(
      links(100, (i) => ({ state: i < 70 ? "active" : "retired", owner: i < 30 ? "ops" : "eng" })),
      false,
      SMALL,
    );
    expect(built.index.dense).toEqual(["kind:exact", "owner:eng", "state:active"]);
    const groups = statsPagesOf(built).flatMap((page) => page.groups.map(([listing]) => listing));
    expect(groups).not.toContain("state:active");
    expect(groups).toContain("state:retired");
    // Links 70-99 are retired: pages whose rows of `all` are all retired have no active row to
    // keep (pages without rows of `all` are never scanned for a dense listing).
    const allRows = (page: StatsPage) => {
      const at = page.groups.findIndex(([listing]) => listing === "all");
      if (at < 0) return [];
      return page.rows.slice(page.groups[at][1], page.groups[at + 1]?.[1] ?? page.rows.length);
    };
    const withoutActive = statsPagesOf(built).flatMap((page, p) => {
      const rows = allRows(page);
      return rows.length > 0 && rows.every((row) => row[4] !== 0) ? [p] : [];
    });
    expect(
      statsPagesOf(built).some(
        (page) => allRows(page).length > 0 && allRows(page).every((r) => r[4] !== 0),
      ),
    ).toBe(true);
    expect(built.index.pages.empty[2]).toEqual(withoutActive);
  });

  it("SL350: text longer than the index shows is cut, marked, and reported at the link's line", () => {
    const long = "x".repeat(STATS_TEXT_MAX + 5);
    const built = buildStatsIndex(
      [linkRecord({ slug: "docs", description: long, owner: "o".repeat(150), line: 7 })],
      false,
    );
    expect(built.diagnostics.map((d) => [d.code, d.file, d.line, d.message])).toEqual([
      [
        "SL350",
        "custom/links/links.yaml",
        7,
        "owner, description of docs is longer than the stats index shows",
      ],
    ]);
    const row = statsPagesOf(built)[0].rows[0];
    expect(row[10]).toHaveLength(STATS_TEXT_MAX);
    expect(String(row[10]).endsWith("…")).toBe(true);
    expect(row[8]).toBe("o".repeat(100));
  });

  it("SL351: a page over its budget is reported", () => {
    const built = buildStatsIndex(links(3), false, { pageBytes: 100, spansReserve: 0 });
    expect(built.diagnostics.map((d) => d.code)).toEqual(["SL351", "SL351", "SL351"]);
    expect(built.diagnostics[0].message).toMatch(/^stats page 0 is \d+ bytes, over its 100-byte/);
  });

  it("SL351: an index over its budget is reported", () => {
    const built = buildStatsIndex(links(10_000), false, { pageBytes: 150, spansReserve: 0 });
    const index = built.diagnostics.filter((d) => /stats index/.test(d.message));
    expect(index).toHaveLength(1);
    expect(index[0].message).toContain(`over its ${STATS_INDEX_MAX_BYTES}-byte budget`);
  });

  it("SL330: a link whose stats row breaks the row schema is reported once, not once per facet", () => {
    const bad = { status: 299, owner: "ops", tags: ["a", "b"] } as unknown as Partial<LinkRecord>;
    const built = buildStatsIndex(
      links(5, (i) => (i === 2 ? bad : {})),
      false,
    );
    const selfCheck = built.diagnostics.filter((d) => d.code === "SL330");
    expect(selfCheck).toHaveLength(1);
    expect(selfCheck[0].message).toMatch(/^shortlinks\.stats-page\/\d+: rows\.2\.3: /);
  });

  it("SL330: a bad row on a later page is reported at its place in that page", () => {
    const bad = { status: 299 } as unknown as Partial<LinkRecord>;
    const built = buildStatsIndex(
      links(60, (i) => (i === 40 ? bad : {})),
      false,
      SMALL,
    );
    const pages = statsPagesOf(built);
    const p = pages.findIndex((page) => page.rows.some((row) => row[0] === "s0040"));
    expect(p).toBeGreaterThan(0);
    const at = pages[p].rows.findIndex((row) => row[0] === "s0040");
    const selfCheck = built.diagnostics.filter((d) => d.code === "SL330");
    expect(selfCheck).toHaveLength(1);
    expect(selfCheck[0].message).toMatch(
      new RegExp(`^shortlinks\\.stats-page/\\d+: rows\\.${at}\\.3: `),
    );
  });

  it("measured without the rows' text, the index, the problems and each page's size are the built ones", () => {
    const bad = { status: 299 } as unknown as Partial<LinkRecord>;
    const long = "é".repeat(STATS_TEXT_MAX + 5);
    const instances = [
      links(0),
      links(90, (i) => ({ owner: i % 2 ? "ops" : "é✓", tags: [`t${i % 3}`] })),
      // A failed row (SL330) on a later page, and a cut description (SL350).
      links(120, (i) => (i === 70 ? bad : i === 9 ? { description: long } : {})),
      // Text JSON escapes or writes in several UTF-8 bytes, and a schedule's object.
      links(60, (i) => ({
        description: ['say "hi"', "back\\slash", "tab\tand\nline", "\u0001", "𝄞 ✓", "lone \ud800"][
          i % 6
        ],
        tags: [`t${i % 3}`, "é"],
        ...(i % 4 === 0 ? { schedule: { label: "q", start: "2030-01-01T00:00:00Z" } } : {}),
      })),
    ];
    for (const records of instances) {
      const built = buildStatsIndex(records, false, SMALL);
      const sizes: [number, number][] = [];
      const measured = measureStatsIndex(
        records,
        false,
        (p, bytes, text) => {
          sizes.push([p, bytes]);
          expect(text).toThrow(/no text/);
        },
        SMALL,
      );
      expect(measured.index).toEqual(built.index);
      expect(measured.diagnostics).toEqual(built.diagnostics);
      expect(measured.pageTexts).toEqual([]);
      expect(sizes).toEqual(built.pageTexts.map((text, p) => [p, Buffer.byteLength(text)]));
    }
    const codes = measureStatsIndex(instances[2], false, () => {}, SMALL).diagnostics.map(
      (d) => d.code,
    );
    expect(codes).toEqual(expect.arrayContaining(["SL330", "SL350"]));
  });

  it("an instance without links still has one (empty) page", () => {
    const built = buildStatsIndex([], false);
    expect(statsPagesOf(built)).toHaveLength(1);
    expect(built.index.pages).toEqual({ first: [[0, ""]], starts: [0], empty: [] });
  });
});
