import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dirAssets } from "../test/support/assets-stub.js";
import { testLink } from "../test/support/policy.js";
import { ANSWER_CACHE_LIMIT, AnswerCache, timeless } from "./answer-cache.js";
import { loadRuntimeData } from "./registry/store.js";
import type { Resolution } from "./resolve.js";
import type { LinkRecord } from "./types.js";
import { answerRequest, handleRequest } from "./worker.js";

const ASSETS_DIR = join(import.meta.dirname, "../fixtures/valid-basic/expected/assets");
const ctx = { waitUntil: () => undefined };

afterEach(() => {
  vi.useRealTimers();
});

const link = testLink;

const resolution = (outcome: Resolution["outcome"], l: LinkRecord | null): Resolution => ({
  method: "GET",
  path: "/x",
  normalized: "/x",
  match: null,
  link: l,
  effective_state: l ? "active" : null,
  schedule_label: null,
  outcome,
  event: null,
  checks: [],
});

const redirect: Resolution["outcome"] = { type: "redirect", status: 302, location: "https://example.com/", cacheControl: "no-store" };
const sent = () => new Response(null, { status: 302, headers: { location: "https://example.com/" } });

describe("remembered redirects: only answers that cannot change are kept", () => {
  it.each([
    ["a redirect of an unscheduled exact link", resolution(redirect, link()), true],
    ["a redirect of a splat link", resolution(redirect, link({ kind: "splat", slug: "x/*" })), true],
    ["a redirect of a scheduled link", resolution(redirect, link({ schedule: { label: "s", start: "2020-01-01T00:00:00Z" } })), false],
    ["a page (paused, expired, the 404 page)", resolution({ type: "page", page: "not-found", lang: "en", status: 404 }, null), false],
    ["a plain 404", resolution({ type: "plain-404" }, null), false],
  ])("%s: %s", (_name, r, expected) => {
    expect(timeless(r)).toBe(expected);
    const cache = new AnswerCache();
    cache.offer("https://go.example.org/x", r, sent());
    expect(cache.get("https://go.example.org/x") !== undefined).toBe(expected);
  });

  it("keeps only body-less answers, the response object itself", () => {
    const cache = new AnswerCache();
    const r = resolution(redirect, link());
    const response = sent();
    cache.offer("with-body", r, new Response("moved\n", { status: 302, headers: { location: "https://example.com/" } }));
    cache.offer("bodiless", r, response);
    expect(cache.get("with-body")).toBeUndefined();
    expect(cache.get("bodiless")?.response).toBe(response);
  });

  it(`keeps at most ${ANSWER_CACHE_LIMIT} answers, dropping the least recently used`, () => {
    const cache = new AnswerCache();
    const r = resolution(redirect, link());
    cache.offer("u0", r, sent());
    for (let i = 1; i <= ANSWER_CACHE_LIMIT; i++) {
      cache.offer(`u${i}`, r, sent());
      if (i === 10) cache.get("u0");
    }
    expect(cache.size).toBe(ANSWER_CACHE_LIMIT);
    expect(cache.get("u0")).toBeDefined();
    expect(cache.get("u1")).toBeUndefined();
  });
});

describe("the live worker answers from memory exactly what resolve() answers afresh", () => {
  const urls = ["/docs", "/docs?a=1", "/docs?a=2", "/DOCS/", "/gh/x/y", "/issues/12", "/launch", "/paused", "/old", "/nope", "/team/handbook", "/links.json"];
  const times = ["2019-06-01T00:00:00Z", "2050-06-01T00:00:00Z", "2100-06-01T00:00:00Z"];

  it("over repeated requests across a schedule's start and end, GET and HEAD", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const env = { ASSETS: dirAssets(ASSETS_DIR) };
    const mismatches: string[] = [];
    for (let round = 0; round < 3; round++)
      for (const time of round === 1 ? [...times].reverse() : times)
        for (const method of ["GET", "HEAD"])
          for (const url of urls) {
            vi.setSystemTime(new Date(time));
            const request = () => new Request(`https://go.example.org${url}`, { method });
            const live = await handleRequest(request(), env, ctx);
            const fresh = (await answerRequest(request(), env, await loadRuntimeData(dirAssets(ASSETS_DIR)), new Date(time))).response;
            const shape = async (r: Response) => JSON.stringify([r.status, [...r.headers], await r.text()]);
            if ((await shape(live)) !== (await shape(fresh))) mismatches.push(`${method} ${url} at ${time}`);
          }
    expect(mismatches).toEqual([]);
  });
});
