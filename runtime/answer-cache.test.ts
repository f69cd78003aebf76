import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { dirAssets } from "../test/support/assets-stub.js";
import { buildInstance, CASE_INSTANCE } from "../test/support/build-instance.js";
import { testLink } from "../test/support/policy.js";
import { AnswerCache, PAGE_MEMO_LIMIT, REDIRECT_MEMO_LIMIT, timeless } from "./answer-cache.js";
import { loadRuntimeData } from "./registry/store.js";
import type { Resolution } from "./resolve.js";
import type { LinkRecord } from "./contract/index.js";
import { answerRequest } from "./engine/answer.js";
import { handleRequest } from "./engine/handle.js";

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
  route: null,
  zone: null,
  outcome,
  event: null,
  checks: [],
});

const redirect: Resolution["outcome"] = {
  type: "redirect",
  status: 302,
  location: "https://example.com/",
  cacheControl: "no-store",
};
const notFoundPage: Resolution["outcome"] = {
  type: "page",
  page: "not-found",
  lang: "en",
  status: 404,
};
const pagesRead = new Map([["/_pages/en/not-found.html", "<p>not found</p>"]]);
const redirectSent = { status: 302, headers: { location: "https://example.com/" }, body: null };
const pageSent = {
  status: 404,
  headers: { "content-type": "text/html; charset=utf-8" },
  body: "<p>not found</p>",
};
/** The Response the worker sends for `sent`. */
const answered = (sent: { status: number; headers: Record<string, string>; body: string | null }) =>
  new Response(sent.body, { status: sent.status, headers: sent.headers });
const get = (url: string, lang?: string, method = "GET") =>
  new Request(url, { method, headers: lang ? { "accept-language": lang } : {} });

describe("remembered answers: only answers that cannot change are kept", () => {
  it.each([
    ["a redirect of an unscheduled exact link", resolution(redirect, link()), true],
    [
      "a redirect of a splat link",
      resolution(redirect, link({ kind: "splat", slug: "x/*" })),
      true,
    ],
    [
      "a redirect of a scheduled link",
      resolution(redirect, link({ schedule: { label: "s", start: "2020-01-01T00:00:00Z" } })),
      false,
    ],
    [
      "a redirect of a link with routes (it depends on the request and the clock)",
      resolution(
        redirect,
        link({ routes: [{ when: { country: ["FR"] }, target: "https://fr.example/", line: 2 }] }),
      ),
      false,
    ],
    [
      "a page of a link with routes (routes only choose targets)",
      resolution(
        notFoundPage,
        link({ routes: [{ when: { country: ["FR"] }, target: "https://fr.example/", line: 2 }] }),
      ),
      true,
    ],
    ["the 404 page of a miss", resolution(notFoundPage, null), true],
    [
      "a page of a scheduled link",
      resolution(notFoundPage, link({ schedule: { label: "s", end: "2020-01-01T00:00:00Z" } })),
      false,
    ],
    [
      "a page this isolate could not read",
      resolution({ ...notFoundPage, lang: "de" }, null),
      false,
    ],
    [
      "a redirect of a private link",
      { ...resolution(redirect, link({ zone: "staff" })), zone: "staff" },
      false,
    ],
    [
      "the 404 page inside a private zone (a refusal or a miss)",
      { ...resolution(notFoundPage, null), zone: "staff" },
      false,
    ],
    ["a plain 404", resolution({ type: "plain-404" }, null), false],
    ["a static file", resolution({ type: "static", path: "/robots.txt" }, null), false],
  ])("%s: %s", (_name, r, expected) => {
    expect(timeless(r, pagesRead)).toBe(expected);
    const cache = new AnswerCache();
    const sent = r.outcome.type === "redirect" ? redirectSent : pageSent;
    cache.offer(get("https://go.example.org/x"), r, sent, answered(sent), pagesRead);
    expect(cache.answer(get("https://go.example.org/x")) !== undefined).toBe(expected);
  });

  it("a redirect is one Response, sent again for GET and HEAD alike", () => {
    const cache = new AnswerCache();
    const first = answered(redirectSent);
    cache.offer(
      get("https://go.example.org/x", "de"),
      resolution(redirect, link()),
      redirectSent,
      first,
      pagesRead,
    );
    expect(cache.answer(get("https://go.example.org/x"))?.response).toBe(first);
    expect(cache.answer(get("https://go.example.org/x", "fr", "HEAD"))?.response).toBe(first);
  });

  it("a page is remembered per Accept-Language as sent, and only from a GET", async () => {
    const cache = new AnswerCache();
    const page = resolution(notFoundPage, null);
    cache.offer(
      get("https://go.example.org/nope", "de", "HEAD"),
      page,
      { ...pageSent, body: null },
      answered({ ...pageSent, body: null }),
      pagesRead,
    );
    expect(cache.answer(get("https://go.example.org/nope", "de"))).toBeUndefined();
    cache.offer(
      get("https://go.example.org/nope", "de"),
      page,
      pageSent,
      answered(pageSent),
      pagesRead,
    );
    expect(cache.answer(get("https://go.example.org/nope", "fr"))).toBeUndefined();
    const again = cache.answer(get("https://go.example.org/nope", "de"))?.response;
    expect([again?.status, await again?.text()]).toEqual([404, "<p>not found</p>"]);
    const head = cache.answer(get("https://go.example.org/nope", "de", "HEAD"))?.response;
    expect([head?.status, head?.headers.get("content-type"), head?.body]).toEqual([
      404,
      "text/html; charset=utf-8",
      null,
    ]);
  });

  it(`keeps at most ${REDIRECT_MEMO_LIMIT} redirects and ${PAGE_MEMO_LIMIT} pages, dropping the least recently used`, () => {
    const cache = new AnswerCache();
    const r = resolution(redirect, link());
    cache.offer(
      get("https://go.example.org/u0"),
      r,
      redirectSent,
      answered(redirectSent),
      pagesRead,
    );
    for (let i = 1; i <= REDIRECT_MEMO_LIMIT; i++) {
      cache.offer(
        get(`https://go.example.org/u${i}`),
        r,
        redirectSent,
        answered(redirectSent),
        pagesRead,
      );
      if (i === 10) cache.answer(get("https://go.example.org/u0"));
    }
    for (let i = 0; i <= PAGE_MEMO_LIMIT; i++)
      cache.offer(
        get(`https://go.example.org/miss-${i}`),
        resolution(notFoundPage, null),
        pageSent,
        answered(pageSent),
        pagesRead,
      );
    expect(cache.size).toEqual({ redirects: REDIRECT_MEMO_LIMIT, pages: PAGE_MEMO_LIMIT });
    expect(cache.answer(get("https://go.example.org/u0"))).toBeDefined();
    expect(cache.answer(get("https://go.example.org/u1"))).toBeUndefined();
    expect(cache.answer(get("https://go.example.org/miss-0"))).toBeUndefined();
  });

  it("a stream of distinct misses does not push out the redirects", () => {
    const cache = new AnswerCache();
    cache.offer(
      get("https://go.example.org/docs"),
      resolution(redirect, link()),
      redirectSent,
      answered(redirectSent),
      pagesRead,
    );
    for (let i = 0; i < 3 * PAGE_MEMO_LIMIT; i++)
      cache.offer(
        get(`https://go.example.org/scan-${i}`),
        resolution(notFoundPage, null),
        pageSent,
        answered(pageSent),
        pagesRead,
      );
    expect(cache.answer(get("https://go.example.org/docs"))).toBeDefined();
  });
});

describe("the live worker answers from memory exactly what resolve() answers afresh", () => {
  const urls = [
    "/docs",
    "/docs?a=1",
    "/docs?a=2",
    "/DOCS/",
    "/gh/x/y",
    "/files/deep/a",
    "/launch",
    "/promo",
    "/open",
    "/closing",
    "/paused",
    "/paused-until",
    "/old",
    "/off",
    "/wip",
    "/nope",
    "/nope?x=1",
    "/lookup",
    "/de/lookup",
    "/robots.txt",
    "/links.json",
  ];
  const languages = [undefined, "de", "fr-CH, fr;q=0.9"];
  const times = ["2019-06-01T00:00:00Z", "2050-06-01T00:00:00Z", "2100-06-01T00:00:00Z"];
  let assetsDir: string;

  beforeAll(async () => {
    assetsDir = join((await buildInstance(CASE_INSTANCE)).out, "assets");
  });

  it("over repeated requests across schedules' starts and ends, GET and HEAD, in several languages", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const env = { ASSETS: dirAssets(assetsDir) };
    const mismatches: string[] = [];
    let compared = 0;
    for (let round = 0; round < 3; round++)
      for (const time of round === 1 ? [...times].reverse() : times)
        for (const method of ["GET", "HEAD"])
          for (const lang of languages)
            for (const url of urls) {
              vi.setSystemTime(new Date(time));
              // On the case instance's default host (it lists its hosts; another is a plain 404).
              // One ray id for both: a miss 404 carries its request's correlation id.
              const request = () => {
                const r = get(`https://links.example.com${url}`, lang, method);
                r.headers.set("cf-ray", "8a1b2c3d4e5f6789-ZRH");
                return r;
              };
              const live = await handleRequest(request(), env, ctx);
              const fresh = (
                await answerRequest(
                  request(),
                  env,
                  await loadRuntimeData(dirAssets(assetsDir)),
                  new Date(time),
                )
              ).response;
              const shape = async (r: Response) =>
                JSON.stringify([r.status, [...r.headers], await r.text()]);
              if ((await shape(live)) !== (await shape(fresh)))
                mismatches.push(`${method} ${url} (${lang}) at ${time}`);
              compared++;
            }
    expect(mismatches).toEqual([]);
    expect(compared).toBe(3 * 3 * 2 * 3 * urls.length);
  });
});

describe("the miss 404's reference: one remembered page, every visitor's own id", () => {
  it("two visitors of the same unknown slug get the same page apart from the id, from memory", async () => {
    const assetsDir = join((await buildInstance(CASE_INSTANCE)).out, "assets");
    const env = { ASSETS: dirAssets(assetsDir) };
    const visit = async (ray?: string) => {
      const request = get("https://links.example.com/reference-miss");
      if (ray) request.headers.set("cf-ray", ray);
      const response = await handleRequest(request, env, ctx);
      return { id: response.headers.get("x-correlation-id"), body: await response.text() };
    };
    const first = await visit("1111111111111111-ZRH");
    const second = await visit("2222222222222222-CDG");
    const third = await visit();
    expect([first.id, second.id]).toEqual(["1111111111111111-ZRH", "2222222222222222-CDG"]);
    expect(third.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.body).toContain("Reference: 1111111111111111-ZRH");
    expect(second.body.replace("2222222222222222-CDG", "1111111111111111-ZRH")).toBe(first.body);
    expect(third.body).toContain(`Reference: ${third.id}`);
  });
});
