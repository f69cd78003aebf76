// The stats index layout keeps every call of the stats API bounded: for a generated 100k-link
// instance every page and the index stay within their byte budgets, a million such links stay
// within the Free plan's file limit beside the registry's shards, and every link is reachable
// through the index, in `all` and in each of its filter listings, in calls that read at most three
// files and 256 KiB. Deterministic: sizes and contents only, no timing.
import { describe, expect, it } from "vitest";
import { buildStatsIndex } from "../lib/stages/3-registry/stats-index/build-stats-index.js";
import { utf8Bytes } from "../lib/stages/3-registry/stats-index/paginate.js";
import { compactJson } from "../lib/stages/5-bundle/output-files.js";
import {
  MAX_FILES_FREE,
  MAX_SHARDS,
  STATS_INDEX_MAX_BYTES,
  STATS_INDEX_PATH,
  STATS_MAX_LIMIT,
  STATS_MAX_READS,
  STATS_PAGE_MAX_BYTES,
  statsPagePath,
  type LinkRecord,
} from "../runtime/contract/index.js";
import { linksAnswer } from "../runtime/stats/stats-api.js";
import { coldFiles, countingAssets } from "../test/support/stats-files.js";
import { makeLinks } from "./generate.mjs";

const SIZE = 100_000;
/** The product's own pages and files, beside the shards and the stats pages. */
const PRODUCT_FILES_ALLOWANCE = 1_000;
const READ_BUDGET = STATS_INDEX_MAX_BYTES + 2 * STATS_PAGE_MAX_BYTES;

const links: LinkRecord[] = makeLinks(SIZE).map((link, i) => ({
  kind: link.kind,
  slug: link.slug,
  key: link.key,
  target: link.target,
  status: link.status ?? 302,
  state: link.state,
  ...(link.schedule ? { schedule: link.schedule } : {}),
  forward_query: true,
  ...(link.description
    ? { description: link.description, tags: link.tags, owner: link.owner }
    : {}),
  file: "custom/links/links-00.csv",
  line: i + 2,
}));
const built = buildStatsIndex(links, false);
const files = new Map([[STATS_INDEX_PATH, compactJson(built.index)]]);
built.pageTexts.forEach((text, i) => files.set(statsPagePath(i), text));
const pageBytes = built.pageTexts.map((text) => utf8Bytes(text));

/** Every slug of one query, following the cursors, with what each call read. */
async function walk(params: Record<string, string>) {
  const assets = countingAssets(files);
  const slugs: string[] = [];
  const calls: { reads: number; bytes: number }[] = [];
  let cursor: string | null = null;
  do {
    assets.reset();
    const search = new URLSearchParams({ ...params, limit: String(STATS_MAX_LIMIT) });
    if (cursor) search.set("cursor", cursor);
    const answer = await linksAnswer(coldFiles(assets), search, new Date());
    const body = answer.body as { links: { slug: string }[]; next: string | null };
    slugs.push(...body.links.map((l) => l.slug));
    calls.push({ reads: assets.reads.length, bytes: assets.bytes });
    cursor = body.next;
  } while (cursor !== null && calls.length < SIZE);
  return { slugs, calls };
}

const bySlug = (list: LinkRecord[]) =>
  list.map((l) => (l.kind === "splat" ? `${l.key}/*` : l.key)).sort();
const normalised = (slugs: string[]) => slugs.map((s) => s.toLowerCase());

describe("stats index layout at 100k generated links", () => {
  it.each([
    [
      "every page stays within its byte budget",
      () => Math.max(...pageBytes) <= STATS_PAGE_MAX_BYTES,
    ],
    [
      "the index stays within its byte budget",
      () => utf8Bytes(compactJson(built.index)) <= STATS_INDEX_MAX_BYTES,
    ],
    ["the compiler reports nothing over budget", () => built.diagnostics.length === 0],
    [
      "a million such links (ten times the pages) fit the Free plan's file limit beside the shards",
      () =>
        MAX_SHARDS + 10 * (built.pageTexts.length + 1) + PRODUCT_FILES_ALLOWANCE <= MAX_FILES_FREE,
    ],
  ])("%s", (_rule, holds) => {
    expect(holds()).toBe(true);
  });

  it("every link is reachable through `all`, once, in slug order, within each call's bounds", async () => {
    const { slugs, calls } = await walk({});
    expect(normalised(slugs)).toEqual(bySlug(links));
    expect(Math.max(...calls.map((c) => c.reads))).toBeLessThanOrEqual(STATS_MAX_READS);
    expect(Math.max(...calls.map((c) => c.bytes))).toBeLessThanOrEqual(READ_BUDGET);
  });

  const facets: [string, string, (l: LinkRecord) => boolean][] = [
    ...(["active", "paused", "retired"] as const).map(
      (s): [string, string, (l: LinkRecord) => boolean] => ["state", s, (l) => l.state === s],
    ),
    ...(["exact", "splat"] as const).map((k): [string, string, (l: LinkRecord) => boolean] => [
      "kind",
      k,
      (l) => l.kind === k,
    ]),
    ...[...new Set(links.flatMap((l) => (l.owner ? [l.owner] : [])))].map(
      (o): [string, string, (l: LinkRecord) => boolean] => ["owner", o, (l) => l.owner === o],
    ),
    ...[...new Set(links.flatMap((l) => l.tags ?? []))].map(
      (t): [string, string, (l: LinkRecord) => boolean] => [
        "tag",
        t,
        (l) => l.tags?.includes(t) ?? false,
      ],
    ),
  ];

  it(`every link is reachable through each of its ${facets.length} filter listings`, async () => {
    for (const [facet, value, has] of facets) {
      const { slugs, calls } = await walk({ [facet]: value });
      expect(normalised(slugs), `${facet}=${value}`).toEqual(bySlug(links.filter(has)));
      expect(Math.max(...calls.map((c) => c.reads))).toBeLessThanOrEqual(STATS_MAX_READS);
      expect(Math.max(...calls.map((c) => c.bytes))).toBeLessThanOrEqual(READ_BUDGET);
    }
  });
});
