import { describe, expect, it } from "vitest";
import { sameDestination } from "./probe-target.js";
import { retryDelay, headRefused } from "./fetch-hop.js";

describe("what counts as moved", () => {
  it.each([
    ["http://example.com/a", "https://example.com/a", true],
    ["https://example.com/a", "https://example.com/a/", true],
    ["https://example.com", "https://example.com/", true],
    ["https://example.com/a#top", "https://example.com/a", true],
    ["https://example.com/a", "https://www.example.com/a", false],
    ["https://example.com/a", "https://example.com/login?next=/a", false],
    ["https://example.com/a", "http://example.com/a", false],
    ["http://example.com:8080/a", "https://example.com:8080/a", false],
  ])("%s -> %s is the same place: %s", (target, final, same) => {
    expect(sameDestination(target, final)).toBe(same);
  });
});

describe("HEAD, GET and retries", () => {
  const answer = (status: number, retryAfter: string | null = null) =>
    ({ ok: true, status, location: null, retryAfter }) as const;

  it.each([
    [200, false],
    [301, false],
    [404, false],
    [410, false],
    [400, true],
    [403, true],
    [405, true],
    [500, true],
    [501, true],
  ])("HEAD answered %i: try GET: %s", (status, refused) => {
    expect(headRefused(answer(status))).toBe(refused);
  });

  it("the back-off doubles, Retry-After in seconds wins, and both are capped at 10 s", () => {
    expect(retryDelay(answer(503), 0, 1000)).toBe(1000);
    expect(retryDelay(answer(503), 2, 1000)).toBe(4000);
    expect(retryDelay(answer(429, "3"), 0, 1000)).toBe(3000);
    expect(retryDelay(answer(429, "3600"), 0, 1000)).toBe(10_000);
    expect(retryDelay(answer(429, "Wed, 21 Oct 2099 07:28:00 GMT"), 0, 1000)).toBe(1000);
  });
});
