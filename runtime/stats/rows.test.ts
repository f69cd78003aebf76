import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  STATS_NAME_MAX,
  STATS_ROUTES_MAX,
  STATS_TAGS_MAX,
  type LinkRecord,
} from "../contract/index.js";
import { cutText, encodeRow, nameOf, shownTags, statsLinkOf, type StatsLink } from "./rows.js";
import { recordOf } from "./stats-api.js";

const NOW = new Date("2030-01-01T00:00:00Z");
/** What the API answers for a row: the link, with its state at NOW. */
const decodeRow = (row: ReturnType<typeof encodeRow>, files: string[]): StatsLink => {
  const { effective_state: _state, ...link } = recordOf(row, files, NOW);
  return link;
};

const record: LinkRecord = {
  kind: "exact",
  slug: "Team/Handbook",
  key: "team/handbook",
  target: "https://example.com/handbook",
  status: 308,
  state: "paused",
  schedule: { label: "maintenance", end: "2099-01-01T00:00:00Z" },
  forward_query: false,
  description: "The handbook",
  tags: ["hr", "docs"],
  owner: "people",
  file: "custom/links/links.yaml",
  line: 12,
};

describe("stats rows", () => {
  it("a row decodes back to what the index shows of the link", () => {
    const { link } = statsLinkOf(record);
    expect(decodeRow(encodeRow(link, 1), ["other.yaml", "custom/links/links.yaml"])).toEqual(link);
    expect(link).toEqual({
      slug: "Team/Handbook",
      kind: "exact",
      target: "https://example.com/handbook",
      status: 308,
      state: "paused",
      schedule: { label: "maintenance", end: "2099-01-01T00:00:00Z" },
      owner: "people",
      tags: ["hr", "docs"],
      description: "The handbook",
      file: "custom/links/links.yaml",
      line: 12,
    });
  });

  it("a link with routes lists each route's target and each split variant's, named as analytics names them", () => {
    const { link } = statsLinkOf({
      ...record,
      description: undefined,
      routes: [
        { id: "apple", when: { device: ["ios"] }, target: "https://apps.apple.com/x", line: 13 },
        {
          when: { country: ["FR"] },
          split: [
            { id: "old", weight: 1, target: "https://example.com/fr" },
            { weight: 1, target: "https://beta.example.com/fr" },
          ],
          line: 15,
        },
      ],
    });
    expect(link.routes).toEqual([
      { route: "apple", target: "https://apps.apple.com/x" },
      { route: "2", variant: "old", target: "https://example.com/fr" },
      { route: "2", variant: "2", target: "https://beta.example.com/fr" },
    ]);
    const row = encodeRow(link, 1);
    expect(row[10]).toBe(0);
    expect(decodeRow(row, ["other.yaml", "custom/links/links.yaml"])).toEqual(link);
  });

  it("at most STATS_ROUTES_MAX route destinations are listed, and the cut is reported", () => {
    const split = Array.from({ length: 16 }, (_, i) => ({
      weight: 1,
      target: `https://example.com/${i}`,
    }));
    const routes = [1, 2, 3].map((line) => ({ split, line }));
    const { link, cut } = statsLinkOf({ ...record, routes });
    expect(link.routes).toHaveLength(STATS_ROUTES_MAX);
    expect(cut).toContain("routes");
  });

  it("absent trailing fields are left out of the row", () => {
    const { link } = statsLinkOf({
      ...record,
      schedule: undefined,
      owner: undefined,
      tags: undefined,
      description: undefined,
    });
    expect(encodeRow(link, 0)).toEqual([
      "Team/Handbook",
      0,
      "https://example.com/handbook",
      308,
      1,
      0,
      12,
    ]);
    expect(decodeRow(encodeRow(link, 0), ["custom/links/links.yaml"])).toEqual(link);
  });

  it("a splat keeps its kind; a description alone keeps the zeros before it", () => {
    const { link } = statsLinkOf({
      ...record,
      kind: "splat",
      slug: "gh/*",
      schedule: undefined,
      owner: undefined,
      tags: undefined,
    });
    const row = encodeRow(link, 0);
    expect(row).toEqual([
      "gh/*",
      1,
      "https://example.com/handbook",
      308,
      1,
      0,
      12,
      0,
      0,
      0,
      "The handbook",
    ]);
    expect(decodeRow(row, ["custom/links/links.yaml"])).toEqual(link);
  });

  it("title and notes follow the description and the routes; notes alone keep the zeros before them", () => {
    const { link } = statsLinkOf({ ...record, title: "Handbook", notes: "ask HR first" });
    expect(link).toMatchObject({ title: "Handbook", notes: "ask HR first" });
    expect(encodeRow(link, 0).slice(10)).toEqual(["The handbook", 0, "Handbook", "ask HR first"]);
    expect(decodeRow(encodeRow(link, 0), ["custom/links/links.yaml"])).toEqual(link);
    const notesOnly = statsLinkOf({ ...record, description: undefined, notes: "n" }).link;
    expect(encodeRow(notesOnly, 0).slice(10)).toEqual([0, 0, 0, "n"]);
    expect(decodeRow(encodeRow(notesOnly, 0), ["custom/links/links.yaml"])).toEqual(notesOnly);
  });

  it("text is cut at a code-unit bound, never inside a surrogate pair", () => {
    expect(cutText("abc", 5)).toBe("abc");
    expect(cutText("ab😀cd", 3)).toBe("ab");
    expect(cutText("ab😀cd", 4)).toBe("ab😀");
  });

  it("tags cut to the same name are shown once; more than 32 tags are reported cut", () => {
    const long = "t".repeat(120);
    const { link, cut } = statsLinkOf({
      ...record,
      tags: [long, long + "x", ...Array.from({ length: 40 }, (_, i) => `t${i}`)],
    });
    expect(link.tags?.[0]).toBe("t".repeat(100));
    expect(link.tags).toHaveLength(31);
    expect(cut).toEqual(["tags"]);
  });
});

describe("stats rows: owners and tags as the index shows them", () => {
  const name = fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.string({ unit: "binary", maxLength: 8 }),
    fc.string({ minLength: STATS_NAME_MAX - 2, maxLength: STATS_NAME_MAX + 2 }),
    fc.constantFrom(
      "a\ud800",
      "\udc00",
      "\ud83d\ude00",
      "é",
      "x".repeat(STATS_NAME_MAX - 1) + "\ud83d\ude00",
    ),
  );

  it("nameOf is the name cut to STATS_NAME_MAX with each lone surrogate replaced", () => {
    const byDefinition = (text: string) =>
      cutText(text, STATS_NAME_MAX).replace(
        /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
        "\uFFFD",
      );
    fc.assert(
      fc.property(name, (text) => {
        expect(nameOf(text)).toBe(byDefinition(text));
      }),
      { numRuns: 2000 },
    );
  });

  it("shownTags is the first STATS_TAGS_MAX tags named, each once, and says when it cut", () => {
    const tags = fc.oneof(
      fc.array(fc.oneof(name, fc.constantFrom("a", "b")), { maxLength: 6 }),
      fc.array(fc.constantFrom("a", "b", "c\ud800"), { maxLength: STATS_TAGS_MAX + 3 }),
      fc.array(fc.string({ maxLength: 3 }), { minLength: STATS_TAGS_MAX - 1, maxLength: 40 }),
    );
    fc.assert(
      fc.property(tags, (list) => {
        const named = list.slice(0, STATS_TAGS_MAX).map(nameOf);
        const plain = named.filter((tag, i) => named.indexOf(tag) === i);
        const wasCut =
          list.length > STATS_TAGS_MAX ||
          list.slice(0, STATS_TAGS_MAX).some((t, i) => t !== named[i]);
        const cut: string[] = [];
        expect(shownTags(list, cut)).toEqual(plain);
        expect(cut.length > 0).toBe(wasCut);
        expect(new Set(cut)).toEqual(new Set(wasCut ? ["tags"] : []));
      }),
      { numRuns: 1000 },
    );
  });
});
