// A cursor is bound to the query that made it and signed with a key drawn from the private
// index (docs/stats.md, "Cursors"): reused with another prefix, filter, type or time, forged,
// altered or made by another build, it is a 400, never an answer with someone else's total.
import { describe, expect, it } from "vitest";
import {
  coldFiles,
  countingAssets,
  linkRecord,
  statsFileMap,
} from "../../test/support/stats-files.js";
import { eventsAnswer, linksAnswer } from "./stats-api.js";

const NOW = new Date("2030-06-01T12:00:00Z");
const SMALL_PAGES = { pageBytes: 1_400, spansReserve: 400 };

/** 30 links, two thirds active (a dense listing, read out of `all`), each with a start. */
const LINKS = Array.from({ length: 30 }, (_, i) =>
  linkRecord({
    slug: `s${String(i).padStart(2, "0")}`,
    line: i + 1,
    state: i % 3 === 0 ? "paused" : "active",
    schedule: { label: "l", start: new Date(NOW.getTime() + (i - 10) * 3_600_000).toISOString() },
  }),
);
const FILES = statsFileMap(LINKS, { budget: SMALL_PAGES });
const files = () => coldFiles(countingAssets(FILES));

type Body = { next: string | null; total: number; error?: string };
async function links(query: Record<string, string>, from = files()) {
  const answer = await linksAnswer(from, new URLSearchParams(query), NOW);
  return { status: answer.status, body: answer.body as Body };
}
async function events(query: Record<string, string>) {
  const answer = await eventsAnswer(files(), new URLSearchParams(query), NOW);
  return { status: answer.status, body: answer.body as Body };
}

const b64 = (text: string) => Buffer.from(text).toString("base64url");

describe("stats cursors are bound to their query and signed", () => {
  it("the unfiltered listing's cursor reused with state=active is a 400, not the unfiltered total", async () => {
    const first = await links({ limit: "3" });
    expect(first.body.total).toBe(30);
    const reused = await links({ limit: "3", state: "active", cursor: first.body.next! });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe("cursor does not belong to this prefix and filter");
  });

  it.each([
    ["another filter", { state: "paused" }],
    ["another prefix", { prefix: "s1" }],
    ["a prefix it still lies in", { prefix: "s" }],
  ])("a cursor reused with %s is a 400", async (_what, other) => {
    const first = await links({ limit: "3" });
    const reused = await links({ limit: "3", ...other, cursor: first.body.next! });
    expect(reused.status).toBe(400);
  });

  it("the same query with its cursor pages on, with the first call's total", async () => {
    const first = await links({ limit: "3", state: "active" });
    const second = await links({ limit: "3", state: "active", cursor: first.body.next! });
    expect(second.status).toBe(200);
    expect(second.body.total).toBe(20);
  });

  it("a forged cursor of valid structure is a 400, however it is spelled", async () => {
    const first = await links({ limit: "3" });
    const real = first.body.next!;
    const [payload, tag] = real.split(".");
    const json = JSON.parse(Buffer.from(payload, "base64url").toString()) as unknown[];
    const total = json.length - 1;
    const altered = b64(JSON.stringify(json.map((v, i) => (i === total ? 999_999 : v))));
    for (const forged of [
      b64(JSON.stringify(["all s05", 999_999])), // the old unsigned form
      `${altered}.${tag}`, // a real signature on an altered payload
      `${payload}.${b64("x".repeat(16))}`, // a real payload with a made-up signature
      payload, // no signature at all
    ]) {
      const answer = await links({ limit: "3", cursor: forged });
      expect(answer.status, forged).toBe(400);
      expect(answer.body.error).toMatch(/cursor/);
      expect(JSON.stringify(answer.body)).not.toContain("999999");
    }
  });

  it("a cursor of another build (the links changed) is a 400", async () => {
    const first = await links({ limit: "3" });
    const rebuilt = statsFileMap([...LINKS, linkRecord({ slug: "zz", line: 99 })], {
      budget: SMALL_PAGES,
    });
    const later = await links(
      { limit: "3", cursor: first.body.next! },
      coldFiles(countingAssets(rebuilt)),
    );
    expect(later.status).toBe(400);
  });

  it("an events cursor is bound to its type and time; without `from` it goes on from its own", async () => {
    const from = "2030-06-01T00:00:00Z";
    const first = await events({ type: "start", from, limit: "2" });
    expect(first.status).toBe(200);
    const cursor = first.body.next!;
    expect((await events({ type: "end", from, limit: "2", cursor })).status).toBe(400);
    expect((await events({ from: "2030-05-01T00:00:00Z", limit: "2", cursor })).status).toBe(400);
    const again = await events({ limit: "2", cursor });
    expect(again.status).toBe(200);
    expect(again.body.total).toBe(first.body.total);
    expect((await events({ type: "start", from, limit: "2", cursor })).status).toBe(200);
  });

  it("a links cursor is no events cursor", async () => {
    const first = await links({ limit: "3" });
    expect((await events({ cursor: first.body.next! })).status).toBe(400);
  });
});
