/**
 * The stats browsing index (docs/stats.md), built once from the validated links: pages of the
 * sorted listings and a small top-level index, so the stats API never walks the registry.
 */
import {
  LINK_STATES,
  STATS_INDEX_MAX_BYTES,
  STATS_INDEX_SCHEMA,
  STATS_NAME_MAX,
  STATS_PAGE_SCHEMA,
  STATS_TAGS_MAX,
  STATS_TEXT_MAX,
  STATS_TOP_VALUES,
  type LinkRecord,
  type LinkState,
  type StatsIndex,
  type StatsPage,
} from "../../../../runtime/contract/index.js";
import { ALL, ENDS, STARTS } from "../../../../runtime/stats/listings.js";
import type { StatsLink } from "../../../../runtime/stats/rows.js";
import { encodeSeparators } from "../../../../runtime/stats/separators.js";
import { schemaDiagnostics } from "../../4-assets/asset-schemas.js";
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import {
  PAGE_BUDGET,
  paginate,
  separators,
  utf8Bytes,
  type PageBudget,
  type PageRange,
} from "./paginate.js";
import { buildSequence, type Sequence } from "./sequence.js";
import { pageBytes, pageText, rowOf, type PageLayout } from "./page-text.js";
import { spansOf } from "./spans.js";
import { appendAll } from "../../../shared/lists.js";

export interface StatsFiles {
  index: StatsIndex;
  /**
   * Each page as its file's text (compact JSON and a line feed), made as soon as the page is
   * built: at a million links the pages are about 200 MB of text and several times that as
   * objects, which a build would otherwise hold until it writes them (docs/performance.md,
   * "Build memory"). Empty when each page was handed to `onPage` instead.
   */
  pageTexts: string[];
  diagnostics: Diagnostic[];
}

/** The pages of a built index as objects again (tests and tools). */
export const statsPagesOf = (files: StatsFiles): StatsPage[] =>
  files.pageTexts.map((text) => JSON.parse(text) as StatsPage);

/**
 * Takes stats page `page`, its file's size in bytes and its text, made when asked: `check`
 * measures the pages and never makes their text (docs/performance.md, "Check measures the stats
 * pages without their text").
 */
export type StatsPageSink = (page: number, bytes: number, text: () => string) => void;

export function buildStatsIndex(
  records: readonly LinkRecord[],
  caseSensitive: boolean,
  budget: PageBudget = PAGE_BUDGET,
  onPage?: StatsPageSink,
): StatsFiles {
  const pageTexts: string[] = [];
  const sink: StatsPageSink = onPage ?? ((_page, _bytes, text) => pageTexts.push(text()));
  return { ...statsIndexOf(records, caseSensitive, budget, sink, true), pageTexts };
}

/**
 * The index and the problems `buildStatsIndex` finds, each page's file size handed to `onPage`,
 * whose text is never made (asking for it throws): `check` writes nothing, and each link's row
 * text, kept until its last page is made, was a tenth of its heap at a million links
 * (docs/performance.md, "Check measures the stats pages without their rows' text").
 */
export function measureStatsIndex(
  records: readonly LinkRecord[],
  caseSensitive: boolean,
  onPage: StatsPageSink,
  budget: PageBudget = PAGE_BUDGET,
): StatsFiles {
  return { ...statsIndexOf(records, caseSensitive, budget, onPage, false), pageTexts: [] };
}

/** A measured page's text: its rows' texts were not kept. */
const NOT_MADE = (): string => {
  throw new Error("a stats page measured without its rows' text has no text");
};

function statsIndexOf(
  records: readonly LinkRecord[],
  caseSensitive: boolean,
  budget: PageBudget,
  onPage: StatsPageSink,
  keepTexts: boolean,
): Omit<StatsFiles, "pageTexts"> {
  // A row that fails its schema (a compiler bug) has its page checked again with every row's
  // text: a measure of such records is made as a build makes it.
  let sequence = buildSequence(records, keepTexts);
  if (!keepTexts && sequence.failed.includes(1)) sequence = buildSequence(records, true);
  const ranges = paginate(sequence, sequence.rows.bytes, budget);
  const first = separators(sequence, ranges);
  const at = { file: "(generated)", line: 0 };
  const problems: Diagnostic[] = [];
  const local = {
    page: new Int32Array(sequence.files.length).fill(-1),
    index: new Int32Array(sequence.files.length),
  };
  ranges.forEach((range, p) => {
    const layout = layoutOf(sequence, range, p, local);
    const spans = spansOf(sequence, ranges, first, p);
    appendAll(problems, schemaDiagnostics([pageChecked(sequence, layout, spans)]));
    const bytes = pageBytes(layout, spans, sequence.rows);
    if (bytes > budget.pageBytes)
      problems.push(
        diag(
          "SL351",
          at,
          `stats page ${p} is ${bytes} bytes, over its ${budget.pageBytes}-byte budget`,
          OVER_BUDGET_HINT,
        ),
      );
    onPage(p, bytes + 1, keepTexts ? () => pageText(layout, spans, sequence.rows) : NOT_MADE);
  });
  const index = indexOf(sequence, ranges, first, caseSensitive);
  const diagnostics = [
    ...sequence.cuts.map(({ link, fields }) =>
      diag(
        "SL350",
        link,
        `${fields.join(", ")} of ${link.slug} is longer than the stats index shows`,
        `the stats page shows up to ${STATS_TEXT_MAX} characters of a description, notes or target, ${STATS_NAME_MAX} of an owner, tag or schedule label, and ${STATS_TAGS_MAX} tags`,
      ),
    ),
    ...indexOverBudget(index),
    ...problems,
  ];
  return { index, diagnostics };
}

/**
 * The page as its self-check (SL330) reads it. Each link's row was checked once as it was encoded
 * (`failed` in sequence.ts): its rows in every listing are the same text but for the file index,
 * so checking them again in each page repeated the check of every link once per facet it is
 * listed under, most of the stats index's time (docs/performance.md, "Build time"). The page is
 * checked without rows, unless a row of its listing `all` failed: then with every row of `all`,
 * read back from its text, so the problem names the row where the page has it.
 */
function pageChecked(sequence: Sequence, layout: PageLayout, spans: StatsPage["spans"]): StatsPage {
  const { files, groups } = layout;
  const at = groups.findIndex(([listing]) => listing === ALL);
  const rows: StatsPage["rows"] = [];
  const from = at < 0 ? 0 : groups[at][1];
  const end = at < 0 ? 0 : (groups[at + 1]?.[1] ?? layout.links.length);
  let failed = false;
  for (let r = from; r < end && !failed; r++) failed = sequence.failed[layout.links[r]] === 1;
  if (failed)
    for (let r = from; r < end; r++)
      rows.push(rowOf(sequence.rows, layout.links[r], layout.fileOf[r]));
  return { schema: STATS_PAGE_SCHEMA, files, groups, rows, spans };
}

function layoutOf(sequence: Sequence, range: PageRange, p: number, local: FileSlots): PageLayout {
  const files: string[] = [];
  const groups: [string, number][] = [];
  const links: number[] = [];
  const fileOf: number[] = [];
  let position = 0;
  for (const listing of sequence.listings) {
    const from = Math.max(range.start, listing.offset) - listing.offset;
    const to = Math.min(range.end, listing.offset + listing.members.length) - listing.offset;
    position = listing.offset + listing.members.length;
    if (from >= to) continue;
    groups.push([listing.id, links.length]);
    for (let m = from; m < to; m++) {
      const member = listing.members[m];
      const id = sequence.fileIds[member];
      if (local.page[id] !== p) {
        local.page[id] = p;
        local.index[id] = files.push(sequence.files[id]) - 1;
      }
      links.push(member);
      fileOf.push(local.index[id]);
    }
    if (position >= range.end) break;
  }
  return { files, groups, links, fileOf };
}

/** Each source file's index in the page being laid out (`index`), valid when `page` is its number. */
interface FileSlots {
  page: Int32Array;
  index: Int32Array;
}

function indexOf(
  sequence: Sequence,
  ranges: readonly PageRange[],
  first: readonly string[],
  caseSensitive: boolean,
): StatsIndex {
  const links = sequence.count;
  const all = sequence.listings.find((l) => l.id === ALL);
  const allStart = all?.offset ?? 0;
  const denseIn = (before: Int32Array, range: PageRange) => {
    const from = Math.min(Math.max(range.start - allStart, 0), links);
    const to = Math.min(Math.max(range.end - allStart, 0), links);
    return before[to] - before[from];
  };
  // Only pages holding rows of `all` are ever scanned for a dense listing.
  const holdsAll = (range: PageRange) => range.start < allStart + links && range.end > allStart;
  const pagesWithout = (before: Int32Array) =>
    ranges.flatMap((range, p) => (holdsAll(range) && denseIn(before, range) === 0 ? [p] : []));
  const bounds = (id: string): [number, number] => {
    const listing = sequence.listings.find((l) => l.id === id);
    return listing ? [listing.offset, listing.offset + listing.members.length] : [0, 0];
  };
  const states = Object.fromEntries(LINK_STATES.map((s) => [s, 0])) as Record<LinkState, number>;
  const kinds = { exact: 0, splat: 0, placeholder: 0 };
  for (const { link, count } of sequence.combinations) {
    states[link.state] += count;
    kinds[link.kind] += count;
  }
  const { splat, placeholder } = kinds;
  return {
    schema: STATS_INDEX_SCHEMA,
    case_sensitive: caseSensitive,
    links,
    states,
    kinds: {
      exact: links - splat - placeholder,
      splat,
      ...(placeholder > 0 ? { placeholder } : {}),
    },
    owners: topValues(sequence, (l) => (l.owner === undefined ? [] : [l.owner])),
    tags: topValues(sequence, (l) => l.tags ?? []),
    dense: sequence.dense.map((d) => d.id),
    pages: {
      first: encodeSeparators(first),
      starts: ranges.map((r) => r.start),
      empty: sequence.dense.map((d) => pagesWithout(d.before)),
    },
    events: { starts: bounds(STARTS), ends: bounds(ENDS) },
  };
}

function topValues(
  sequence: Sequence,
  valuesOf: (link: StatsLink) => readonly string[],
): StatsIndex["owners"] {
  const counts = new Map<string, number>();
  for (const { link, count } of sequence.combinations)
    for (const value of valuesOf(link)) counts.set(value, (counts.get(value) ?? 0) + count);
  const top = [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, STATS_TOP_VALUES);
  return { count: counts.size, top };
}

const OVER_BUDGET_HINT =
  "the stats API stays correct, but a call reads more than docs/stats.md promises";

function indexOverBudget(index: StatsIndex): Diagnostic[] {
  const bytes = utf8Bytes(JSON.stringify(index));
  if (bytes <= STATS_INDEX_MAX_BYTES) return [];
  return [
    diag(
      "SL351",
      { file: "(generated)", line: 0 },
      `the stats index is ${bytes} bytes, over its ${STATS_INDEX_MAX_BYTES}-byte budget`,
      OVER_BUDGET_HINT,
    ),
  ];
}
