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
import { encodeRow } from "../../../../runtime/stats/rows.js";
import { encodeSeparators } from "../../../../runtime/stats/separators.js";
import { collectGarbage } from "../../../shared/collect-garbage.js";
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

/** Pages built between two collections of a large build (about 24 MB of page text). */
const GC_EVERY_PAGES = 256;

export function buildStatsIndex(
  records: readonly LinkRecord[],
  caseSensitive: boolean,
  budget: PageBudget = PAGE_BUDGET,
  onPage?: (page: number, text: string) => void,
): StatsFiles {
  const sequence = buildSequence(records);
  // The sort's scaffolding is hundreds of MB at a million links: gone before the pages are made.
  collectGarbage(records.length);
  const ranges = paginate(sequence, budget);
  const first = separators(sequence, ranges);
  const at = { file: "(generated)", line: 0 };
  const problems: Diagnostic[] = [];
  const pageTexts: string[] = [];
  ranges.forEach((range, p) => {
    const page: StatsPage = {
      ...pageOf(sequence, range),
      spans: spansOf(sequence, ranges, first, p),
    };
    appendAll(problems, schemaDiagnostics([rowsCheckedOnce(page)]));
    const text = `${JSON.stringify(page)}\n`;
    const bytes = utf8Bytes(text) - 1;
    if (bytes > budget.pageBytes)
      problems.push(
        diag(
          "SL351",
          at,
          `stats page ${p} is ${bytes} bytes, over its ${budget.pageBytes}-byte budget`,
          OVER_BUDGET_HINT,
        ),
      );
    // A page's objects and its checks are garbage once it is text; at a million links V8 would
    // let them grow the heap by about 700 MB before collecting on its own.
    if (p % GC_EVERY_PAGES === GC_EVERY_PAGES - 1) collectGarbage(records.length);
    if (onPage) onPage(p, text);
    else pageTexts.push(text);
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
  return { index, pageTexts, diagnostics };
}

/**
 * The page as its self-check (SL330) reads it: every row of listing `all` and no other. Each link
 * has one row there, and its rows in the other listings are the same `encodeRow` of the same
 * link with another file index (a position in the page's own `files`), so checking them again
 * repeated the check of every link once per facet it is listed under: with an owner and two tags
 * on every row, most of the stats index's time (docs/performance.md, "Build time").
 */
function rowsCheckedOnce(page: StatsPage): StatsPage {
  const at = page.groups.findIndex(([listing]) => listing === ALL);
  const rows =
    at < 0 ? [] : page.rows.slice(page.groups[at][1], page.groups[at + 1]?.[1] ?? page.rows.length);
  return { ...page, rows };
}

function pageOf(sequence: Sequence, range: PageRange): Omit<StatsPage, "spans"> {
  const files: string[] = [];
  const fileIndex = new Map<string, number>();
  const groups: [string, number][] = [];
  const rows: StatsPage["rows"] = [];
  let position = 0;
  for (const listing of sequence.listings) {
    const from = Math.max(range.start, listing.offset) - listing.offset;
    const to = Math.min(range.end, listing.offset + listing.members.length) - listing.offset;
    position = listing.offset + listing.members.length;
    if (from >= to) continue;
    groups.push([listing.id, rows.length]);
    for (let m = from; m < to; m++) {
      const link = sequence.links[listing.members[m]];
      let file = fileIndex.get(link.file);
      if (file === undefined) {
        file = files.push(link.file) - 1;
        fileIndex.set(link.file, file);
      }
      rows.push(encodeRow(link, file));
    }
    if (position >= range.end) break;
  }
  return { schema: STATS_PAGE_SCHEMA, files, groups, rows };
}

function indexOf(
  sequence: Sequence,
  ranges: readonly PageRange[],
  first: readonly string[],
  caseSensitive: boolean,
): StatsIndex {
  const { links } = sequence;
  const all = sequence.listings.find((l) => l.id === ALL);
  const allStart = all?.offset ?? 0;
  const denseIn = (before: Int32Array, range: PageRange) => {
    const from = Math.min(Math.max(range.start - allStart, 0), links.length);
    const to = Math.min(Math.max(range.end - allStart, 0), links.length);
    return before[to] - before[from];
  };
  // Only pages holding rows of `all` are ever scanned for a dense listing.
  const holdsAll = (range: PageRange) =>
    range.start < allStart + links.length && range.end > allStart;
  const pagesWithout = (before: Int32Array) =>
    ranges.flatMap((range, p) => (holdsAll(range) && denseIn(before, range) === 0 ? [p] : []));
  const bounds = (id: string): [number, number] => {
    const listing = sequence.listings.find((l) => l.id === id);
    return listing ? [listing.offset, listing.offset + listing.members.length] : [0, 0];
  };
  const states = Object.fromEntries(LINK_STATES.map((s) => [s, 0])) as Record<LinkState, number>;
  for (const link of links) states[link.state]++;
  const splat = links.filter((l) => l.kind === "splat").length;
  const placeholder = links.filter((l) => l.kind === "placeholder").length;
  return {
    schema: STATS_INDEX_SCHEMA,
    case_sensitive: caseSensitive,
    links: links.length,
    states,
    kinds: {
      exact: links.length - splat - placeholder,
      splat,
      ...(placeholder > 0 ? { placeholder } : {}),
    },
    owners: topValues(links.map((l) => (l.owner === undefined ? [] : [l.owner]))),
    tags: topValues(links.map((l) => l.tags ?? [])),
    dense: sequence.dense.map((d) => d.id),
    pages: {
      first: encodeSeparators(first),
      starts: ranges.map((r) => r.start),
      empty: sequence.dense.map((d) => pagesWithout(d.before)),
    },
    events: { starts: bounds(STARTS), ends: bounds(ENDS) },
  };
}

function topValues(valuesPerLink: readonly (readonly string[])[]): StatsIndex["owners"] {
  const counts = new Map<string, number>();
  for (const values of valuesPerLink)
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
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
