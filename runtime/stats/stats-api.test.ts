// The stats API over the index the compiler builds agrees with a brute-force reading of the links:
// paging through any prefix and filter with the cursors returns exactly the matching links in
// slug order, each call reports the same total, and no call reads more than the index and two
// pages. Small page budgets make tens of links span many pages.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LINK_STATES, type LinkRecord } from "../contract/index.js";
import {
  coldFiles,
  countingAssets,
  linkRecord,
  statsFileMap,
} from "../../test/support/stats-files.js";
import { effectiveState } from "../lifecycle.js";
import { eventTime, sortKeyOf } from "./listings.js";
import { eventsAnswer, linksAnswer, summaryAnswer } from "./stats-api.js";

const SMALL_PAGES = { pageBytes: 1_400, spansReserve: 400 };
const NOW = new Date("2030-06-01T12:00:00Z");
const HOUR = 3_600_000;

const SEGMENTS = ["a", "b", "ab", "aB", "ba", "abc", "x", "é"];
const OWNERS = ["ops", "eng", "Ops team"];
const TAGS = ["t1", "t2", "t 3"];

const timeArb = fc.integer({ min: -48, max: 48 }).map((h) => new Date(NOW.getTime() + h * HOUR));

const linkArb = fc.record({
  segments: fc.array(fc.constantFrom(...SEGMENTS), { minLength: 1, maxLength: 3 }),
  splat: fc.boolean(),
  placeholder: fc.boolean(),
  state: fc.constantFrom(...LINK_STATES, "active", "active", "active", "active"),
  owner: fc.option(fc.constantFrom(...OWNERS), { nil: undefined }),
  tags: fc.subarray(TAGS),
  start: fc.option(timeArb, { nil: undefined }),
  end: fc.option(timeArb, { nil: undefined }),
});

/** Links with distinct normalised slugs (the compiler refuses duplicates). */
const instanceArb = fc
  .array(linkArb, { minLength: 0, maxLength: 90, size: "max" })
  .map((drafts) => {
    const seen = new Set<string>();
    const links: LinkRecord[] = [];
    drafts.forEach((d, i) => {
      const body = [...d.segments, d.placeholder ? ":p" : String(i % 7)].join("/");
      const slug = d.splat ? `${body}/*` : body;
      const key = sortKeyOf(slug, false);
      if (seen.has(key)) return;
      seen.add(key);
      const schedule =
        !d.splat && !d.placeholder && (d.start || d.end) && !(d.start && d.end && d.start >= d.end)
          ? {
              label: `campaign ${i}`,
              ...(d.start ? { start: d.start.toISOString() } : {}),
              ...(d.end ? { end: d.end.toISOString().replace("Z", "+00:00") } : {}),
            }
          : undefined;
      links.push(
        linkRecord({
          slug,
          state: d.state,
          line: i + 1,
          ...(d.owner ? { owner: d.owner } : {}),
          ...(d.tags.length ? { tags: d.tags } : {}),
          ...(schedule ? { schedule } : {}),
        }),
      );
    });
    return links;
  });

const filterArb = fc.oneof(
  fc.constant<[string, string] | undefined>(undefined),
  // The listings that are dense in most instances (read out of `all`), more often.
  fc.constantFrom<[string, string]>(["state", "active"], ["kind", "exact"]),
  fc.constantFrom(...LINK_STATES).map((v): [string, string] => ["state", v]),
  fc.constantFrom("exact", "splat", "placeholder").map((v): [string, string] => ["kind", v]),
  fc.constantFrom(...OWNERS, "nobody").map((v): [string, string] => ["owner", v]),
  fc.constantFrom(...TAGS).map((v): [string, string] => ["tag", v]),
);

function matches(link: LinkRecord, filter: [string, string] | undefined): boolean {
  if (!filter) return true;
  const [facet, value] = filter;
  if (facet === "state") return link.state === value;
  if (facet === "kind") return link.kind === value;
  if (facet === "owner") return link.owner === value;
  return link.tags?.includes(value) ?? false;
}

type Body = { next: string | null; total: number; [list: string]: unknown };

/** Every call of a paging run, each on a cold isolate, with what it read. */
async function pageThrough(
  files: Map<string, string>,
  call: (
    files: ReturnType<typeof coldFiles>,
    search: URLSearchParams,
  ) => Promise<{ status: number; body: unknown }>,
  params: Record<string, string>,
  list: string,
) {
  const assets = countingAssets(files);
  const items: unknown[] = [];
  const calls: { reads: number; pages: number; total: number }[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 500; i++) {
    assets.reset();
    const search = new URLSearchParams({ ...params, ...(cursor ? { cursor } : {}) });
    const answer = await call(coldFiles(assets), search);
    expect(answer.status).toBe(200);
    const body = answer.body as Body;
    items.push(...(body[list] as unknown[]));
    const pages = assets.reads.filter((p) => !p.endsWith("index.json")).length;
    calls.push({ reads: assets.reads.length, pages, total: body.total });
    cursor = body.next;
    if (cursor === null) break;
  }
  expect(cursor).toBeNull();
  return { items, calls };
}

describe("stats API against brute force", () => {
  it("links: every prefix and filter pages through exactly its links, in slug order, in bounded reads", async () => {
    await fc.assert(
      fc.asyncProperty(
        instanceArb,
        fc.constantFrom("", "", "", "a", "ab", "a/", "AB", "b/", "x", "é", "zz", "a/b/"),
        filterArb,
        fc.constantFrom(1, 2, 5, 40),
        async (links, prefix, filter, limit) => {
          const files = statsFileMap(links, { budget: SMALL_PAGES });
          const params: Record<string, string> = { prefix, limit: String(limit) };
          if (filter) params[filter[0]] = filter[1];
          const { items, calls } = await pageThrough(
            files,
            (f, s) => linksAnswer(f, s, NOW),
            params,
            "links",
          );
          const expected = links
            .filter((l) => sortKeyOf(l.slug, false).startsWith(prefix.toLowerCase()))
            .filter((l) => matches(l, filter))
            .sort((a, b) => (sortKeyOf(a.slug, false) < sortKeyOf(b.slug, false) ? -1 : 1));
          expect((items as { slug: string }[]).map((l) => l.slug)).toEqual(
            expected.map((l) => l.slug),
          );
          for (const c of calls) {
            expect(c.total).toBe(expected.length);
            expect(c.reads).toBeLessThanOrEqual(3);
            expect(c.pages).toBeLessThanOrEqual(2);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it("events: starts and ends at or after a time page through in time order, with their total", async () => {
    await fc.assert(
      fc.asyncProperty(
        instanceArb,
        fc.constantFrom<"start" | "end">("start", "end"),
        timeArb,
        fc.constantFrom(1, 3, 40),
        async (links, type, from, limit) => {
          const files = statsFileMap(links, { budget: SMALL_PAGES });
          const params = { type, from: from.toISOString(), limit: String(limit) };
          const { items, calls } = await pageThrough(
            files,
            (f, s) => eventsAnswer(f, s, NOW),
            params,
            "events",
          );
          const expected = links
            .filter((l) => l.state === "active" && l.kind === "exact")
            .flatMap((l) => {
              const at = l.schedule?.[type];
              return at && Date.parse(at) >= from.getTime()
                ? [[eventTime(at), sortKeyOf(l.slug, false), l.slug]]
                : [];
            })
            .sort((a, b) => (a[0] + " " + a[1] < b[0] + " " + b[1] ? -1 : 1));
          const got = (items as { at: string; link: { slug: string } }[]).map((e) => [
            e.at,
            e.link.slug,
          ]);
          expect(got).toEqual(expected.map(([at, , slug]) => [at, slug]));
          for (const c of calls) {
            expect(c.total).toBe(expected.length);
            expect(c.reads).toBeLessThanOrEqual(3);
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it("summary: counts per state and the active links' state now, in at most three reads", async () => {
    await fc.assert(
      fc.asyncProperty(instanceArb, timeArb, async (links, now) => {
        const assets = countingAssets(statsFileMap(links, { budget: SMALL_PAGES }));
        const answer = await summaryAnswer(coldFiles(assets), new URLSearchParams(), now);
        const body = answer.body as {
          states: Record<string, number>;
          effective: Record<string, number>;
        };
        const count = (state: string) =>
          links.filter((l) => effectiveState(l, now) === state).length;
        expect(body.effective).toEqual({
          active: count("active"),
          scheduled: count("scheduled"),
          expired: count("expired"),
        });
        for (const state of LINK_STATES)
          expect(body.states[state]).toBe(links.filter((l) => l.state === state).length);
        expect(assets.reads.length).toBeLessThanOrEqual(3);
      }),
      { numRuns: 80 },
    );
  });
});
