// The tests page's API pages through any number of expectations, a few per call, each call reading
// the tests index and one page of expectations (the answers' own reads are the worker's).
import { describe, expect, it } from "vitest";
import { TESTS_MAX_LIMIT, type Expectation } from "../contract/index.js";
import { countingAssets, coldFiles, testsFileMap } from "../../test/support/stats-files.js";
import { resultsAnswer } from "./tests-api.js";

const EXPECTATIONS: Expectation[] = Array.from({ length: 2_500 }, (_, i) => ({
  path: `/link-${i}`,
  status: i % 2 ? 404 : 302,
  ...(i % 2 ? {} : { location: `https://example.com/${i}` }),
  file: "custom/tests.yaml",
  line: i * 3 + 1,
}));
const { files, index } = testsFileMap(EXPECTATIONS);
const pages = index.starts.length;

/** The worker's answer, faked: even links redirect, odd ones are missing, /link-8 is wrong. */
const answer = async (request: Request) => {
  const n = Number(new URL(request.url).pathname.slice("/link-".length));
  if (n % 2 || n === 8) return new Response(null, { status: 404 });
  return new Response(null, { status: 302, headers: { location: `https://example.com/${n}` } });
};
const run = { origin: "https://go.example.com", answer, now: new Date() };

describe("tests API", () => {
  it("the expectations span several pages", () => {
    expect(pages).toBeGreaterThan(2);
    expect(index.starts[0]).toBe(0);
  });

  it("pages through every expectation in order, each call reading the index and one page", async () => {
    const assets = countingAssets(files);
    const seen: { path: string; pass: boolean }[] = [];
    let cursor: string | null = "0";
    for (let calls = 0; cursor !== null && calls < 1_000; calls++) {
      assets.reset();
      const search = new URLSearchParams({ cursor, limit: String(TESTS_MAX_LIMIT) });
      const result = await resultsAnswer(coldFiles(assets), search, run);
      expect(result.status).toBe(200);
      const body = result.body as { results: typeof seen; next: string | null; total: number };
      expect(body.total).toBe(EXPECTATIONS.length);
      expect(body.results.length).toBeLessThanOrEqual(TESTS_MAX_LIMIT);
      expect(assets.reads.length).toBeLessThanOrEqual(2);
      seen.push(...body.results);
      cursor = body.next;
    }
    expect(cursor).toBeNull();
    expect(seen.map((r) => r.path)).toEqual(EXPECTATIONS.map((e) => e.path));
    expect(seen.filter((r) => !r.pass).map((r) => r.path)).toEqual(["/link-8"]);
  });

  it("a call never runs past the page its cursor is in", async () => {
    const lastOfFirst = index.starts[1] - 1;
    const result = await resultsAnswer(
      coldFiles(countingAssets(files)),
      new URLSearchParams({ cursor: String(lastOfFirst) }),
      run,
    );
    const body = result.body as { results: unknown[]; next: string };
    expect(body.results).toHaveLength(1);
    expect(body.next).toBe(String(index.starts[1]));
  });
});
