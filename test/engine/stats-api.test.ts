// The paged stats API in workerd behind Access: slices in slug order with cursors and totals,
// schedule events and counts, and a 400 with a JSON reason for every malformed call (never a 500).
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { effectiveState } from "../../runtime/lifecycle.js";
import { sortKeyOf } from "../../runtime/stats/listings.js";
import type { LinkRecord } from "../../runtime/contract/index.js";
import { parseShard } from "../../runtime/registry/shard-format.js";
import { FIXTURE_AUD, makeAccessFixture } from "../support/access-keys.js";
import { buildInstance, CASE_INSTANCE } from "../support/build-instance.js";
import { startWorkerd, type Workerd } from "./workerd.js";

const TEAM = "https://stats-api-test.cloudflareaccess.com";
let engine: Workerd;
let token = "";
/** Every link of the case instance (test/instance) as the built registry holds it, in slug order. */
let registry: LinkRecord[] = [];

async function registryOf(out: string): Promise<LinkRecord[]> {
  const dir = join(out, "assets/links-shards");
  const names = (await readdir(dir)).filter((name) => name.endsWith(".jsonl"));
  const shards = await Promise.all(
    names.map(async (name) => parseShard(await readFile(join(dir, name), "utf8"))),
  );
  const key = (l: LinkRecord) => sortKeyOf(l.slug, false);
  return shards
    .flatMap((shard) => [
      ...Object.values(shard.exact),
      ...Object.values(shard.splat),
      ...Object.values(shard.placeholder ?? {}),
    ])
    .sort((a, b) => (key(a) < key(b) ? -1 : 1));
}

beforeAll(async () => {
  const keys = await makeAccessFixture();
  token = await keys.sign({ iss: TEAM, aud: [FIXTURE_AUD] });
  const { out } = await buildInstance(CASE_INSTANCE);
  registry = await registryOf(out);
  engine = await startWorkerd(out, {
    vars: { ACCESS_TEAM_DOMAIN: TEAM, ACCESS_AUD: FIXTURE_AUD },
    outbound: (request) => keys.handleJwks(request),
  });
});
afterAll(async () => {
  await engine?.dispose();
});

const get = (path: string, method = "GET") =>
  engine.fetch(path, { method, headers: { "cf-access-jwt-assertion": token } });

async function body(path: string): Promise<Record<string, unknown>> {
  const response = await get(path);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return (await response.json()) as Record<string, unknown>;
}

type Link = { slug: string; state: string; effective_state: string; file: string; line: number };

describe("stats API in workerd", () => {
  it("another host lists its own links only (docs/domains.md), and the default host none of them", async () => {
    const response = await engine.fetch(
      "/en/_stats/api/links.json",
      { headers: { "cf-access-jwt-assertion": token } },
      "https://go.example.net",
    );
    expect(response.status).toBe(200);
    const page = (await response.json()) as { total: number; links: (Link & { target: string })[] };
    expect(page.links.map((l) => [l.slug, l.target])).toEqual([
      ["both-hosts", "https://example.com/both"],
      ["docs", "https://example.net/docs-legacy"],
      ["net-only", "https://example.net/only"],
    ]);
    expect(page.total).toBe(3);
    const own = (await body("/en/_stats/api/links.json")).links as Link[];
    expect(own.map((l) => l.slug)).not.toContain("net-only");
  });

  it("lists every link in slug order, with the total, and no cursor past the end", async () => {
    const page = await body("/en/_stats/api/links.json");
    const links = page.links as Link[];
    expect(registry.length).toBeGreaterThan(20);
    expect(page.total).toBe(registry.length);
    expect(page.next).toBeNull();
    expect(links.map((l) => l.slug)).toEqual(registry.map((l) => l.slug));
    expect(links.find((l) => l.slug === "csv-one")).toMatchObject({
      kind: "exact",
      target: "https://example.com/csv-one",
      status: 301,
      state: "active",
      effective_state: "active",
      owner: "ops",
      tags: ["csv", "demo"],
      description: "From CSV",
      file: "custom/links/more.csv",
      line: 2,
    });
    expect(links.find((l) => l.slug === "launch")?.effective_state).toBe("scheduled");
    expect(links.find((l) => l.slug === "promo")?.effective_state).toBe("expired");
  });

  it("pages a prefix with its cursor: each call the next slice, the same total", async () => {
    const expected = registry.filter((l) => sortKeyOf(l.slug, false).startsWith("p"));
    expect(expected.length).toBeGreaterThan(2);
    const seen: string[] = [];
    let cursor = "";
    for (let calls = 0; calls < expected.length; calls++) {
      const page = await body(`/en/_stats/api/links.json?prefix=P&limit=2${cursor}`);
      expect(page.total).toBe(expected.length);
      seen.push(...(page.links as Link[]).map((l) => l.slug));
      if (page.next === null) break;
      cursor = `&cursor=${encodeURIComponent(page.next as string)}`;
    }
    expect(seen).toEqual(expected.map((l) => l.slug));
  });

  it.each<[string, string, (l: LinkRecord) => boolean]>([
    ["state", "state=retired", (l) => l.state === "retired"],
    ["kind", "kind=splat", (l) => l.kind === "splat"],
    ["owner", "owner=ops", (l) => l.owner === "ops"],
    ["tag", "tag=demo", (l) => l.tags?.includes("demo") ?? false],
    [
      "prefix and kind",
      "prefix=files/&kind=splat",
      (l) => l.kind === "splat" && sortKeyOf(l.slug, false).startsWith("files/"),
    ],
    [
      "a prefix below a splat",
      "prefix=files/d",
      (l) => sortKeyOf(l.slug, false).startsWith("files/d"),
    ],
  ])("filters by %s", async (_what, query, keep) => {
    const expected = registry.filter(keep).map((l) => l.slug);
    expect(expected.length).toBeGreaterThan(0);
    const page = await body(`/en/_stats/api/links.json?${query}`);
    expect((page.links as Link[]).map((l) => l.slug)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it("answers HEAD with the headers only", async () => {
    const response = await get("/en/_stats/api/links.json?limit=1", "HEAD");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.text()).toBe("");
  });

  it("lists schedule starts and ends from a time, with their totals", async () => {
    const starts = await body("/en/_stats/api/events.json?type=start&from=2030-01-01T00:00:00Z");
    expect(starts.total).toBe(1);
    expect(starts.events).toEqual([
      expect.objectContaining({
        at: "2099-01-01T00:00:00.000Z",
        link: expect.objectContaining({ slug: "launch" }),
      }),
    ]);
    const ends = await body("/en/_stats/api/events.json?type=end&from=2000-01-01T00:00:00%2B01:00");
    expect((ends.events as { link: Link }[]).map((e) => e.link.slug)).toEqual([
      "promo",
      "closing",
      "launch",
    ]);
  });

  it("counts links per state, kind and state now", async () => {
    const summary = await body("/de/_stats/api/summary.json");
    const count = (keep: (l: LinkRecord) => boolean) => registry.filter(keep).length;
    const now = new Date(summary.at as string);
    expect(summary).toEqual({
      at: expect.any(String),
      links: registry.length,
      states: Object.fromEntries(
        ["active", "paused", "retired", "disabled", "draft"].map((s) => [
          s,
          count((l) => l.state === s),
        ]),
      ),
      // A kind with no link is left out of the summary (placeholder links are optional).
      kinds: Object.fromEntries(
        (["exact", "splat", "placeholder"] as const)
          .map((k) => [k, count((l) => l.kind === k)] as const)
          .filter(([k, n]) => k !== "placeholder" || n > 0),
      ),
      effective: Object.fromEntries(
        ["active", "scheduled", "expired"].map((s) => [
          s,
          count((l) => effectiveState(l, now) === s),
        ]),
      ),
      owners: { count: 1, top: [["ops", 1]] },
      tags: {
        count: 2,
        top: [
          ["csv", 1],
          ["demo", 1],
        ],
      },
    });
    expect(summary.effective).toMatchObject({ scheduled: 1, expired: 1 });
  });

  it("answers the tests API with an empty page when the instance has no expectations", async () => {
    expect(await body("/en/_tests/api/results.json")).toEqual({
      results: [],
      start: 0,
      next: null,
      total: 0,
    });
  });

  it.each([
    ["a limit of 0", "/en/_stats/api/links.json?limit=0", /limit/],
    ["a limit above the cap", "/en/_stats/api/links.json?limit=501", /limit/],
    ["a limit that is not a number", "/en/_stats/api/links.json?limit=ten", /limit/],
    ["an unknown parameter", "/en/_stats/api/links.json?page=2", /unknown parameter "page"/],
    ["a repeated parameter", "/en/_stats/api/links.json?limit=1&limit=2", /more than once/],
    ["an unknown state", "/en/_stats/api/links.json?state=gone", /state/],
    ["an unknown kind", "/en/_stats/api/links.json?kind=regex", /kind/],
    ["an empty owner", "/en/_stats/api/links.json?owner=", /owner/],
    ["two filters at once", "/en/_stats/api/links.json?state=active&tag=x", /one of/],
    ["a prefix with a space", "/en/_stats/api/links.json?prefix=a%20b", /prefix/],
    [
      "a prefix longer than a slug",
      `/en/_stats/api/links.json?prefix=${"a".repeat(300)}`,
      /prefix/,
    ],
    ["a cursor that is not ours", "/en/_stats/api/links.json?cursor=bm9wZQ", /cursor/],
    ["a cursor that is not base64", "/en/_stats/api/links.json?cursor=%25%25", /cursor/],
    ["an event type", "/en/_stats/api/events.json?type=both", /type/],
    ["a time without an offset", "/en/_stats/api/events.json?from=2030-01-01T00:00:00", /from/],
    ["a time that is not one", "/en/_stats/api/events.json?from=2030-13-45T99:00:00Z", /from/],
    ["a parameter to the summary", "/en/_stats/api/summary.json?x=1", /no parameters/],
    ["a tests cursor past the end", "/en/_tests/api/results.json?cursor=5", /cursor/],
    ["a tests limit above the cap", "/en/_tests/api/results.json?limit=11", /limit/],
  ])("%s is a 400 with a JSON reason", async (_what, path, reason) => {
    const response = await get(path);
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const error = ((await response.json()) as { error: string }).error;
    expect(error).toMatch(reason);
  });

  it("refuses a cursor made for another prefix", async () => {
    const first = await body("/en/_stats/api/links.json?prefix=p&limit=1");
    const cursor = encodeURIComponent(first.next as string);
    const response = await get(`/en/_stats/api/links.json?prefix=c&cursor=${cursor}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "cursor does not belong to this prefix and filter",
    });
  });

  it("answers an unknown API path with a plain 404", async () => {
    const response = await get("/en/_stats/api/everything.json");
    expect(response.status).toBe(404);
  });
});
