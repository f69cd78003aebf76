import { describe, expect, it } from "vitest";
import { buildLocation, forwardQuery, VERDICT_MEMO_LIMIT } from "./location.js";
import { TEST_POLICY, testLink } from "../test/support/policy.js";
import type { LinkRecord } from "./contract/index.js";

describe("query forwarding (forward_query: true)", () => {
  it.each([
    ["https://a.example/x", "?q=1", "https://a.example/x?q=1"],
    ["https://a.example/x?lang=en", "?lang=fr&q=1", "https://a.example/x?lang=en&q=1"],
    ["https://a.example/x?a=%20b", "?c=d", "https://a.example/x?a=%20b&c=d"],
    ["https://a.example/x", "?a=1&a=2", "https://a.example/x?a=1&a=2"],
    ["https://a.example/x?a", "?a=2&b", "https://a.example/x?a&b"],
    ["https://a.example/x#frag", "?q=1", "https://a.example/x?q=1#frag"],
    ["https://a.example/x", "?", "https://a.example/x"],
    ["https://a.example/x?k%20ey=1", "?k+ey=2", "https://a.example/x?k%20ey=1"],
  ])("%s + %s -> %s", (target, search, expected) => {
    expect(forwardQuery(target, search)).toBe(expected);
  });
});

describe("step 7: the final URL is judged by the target rules on every redirect", () => {
  const policy = TEST_POLICY;
  const link = (target: string, extra: Partial<LinkRecord> = {}) => testLink({ target, ...extra });

  it("a remembered verdict never crosses allowances: the same URL is refused without one", () => {
    const allowed = link("http://10.0.0.1/", {
      allow: { rules: ["SL207"], reason: "our intranet" },
    });
    expect(buildLocation(allowed, { remainder: [] }, "", policy)).toEqual({
      ok: true,
      url: "http://10.0.0.1/",
    });
    expect(buildLocation(link("http://10.0.0.1/"), { remainder: [] }, "", policy)).toMatchObject({
      ok: false,
      code: "SL207",
    });
    expect(buildLocation(allowed, { remainder: [] }, "", policy)).toEqual({
      ok: true,
      url: "http://10.0.0.1/",
    });
  });

  it("a refused final URL stays refused when asked again, past the memo's size", () => {
    const bad = link("https://example.com/setup.exe");
    expect(buildLocation(bad, { remainder: [] }, "", policy).ok).toBe(false);
    for (let i = 0; i <= VERDICT_MEMO_LIMIT; i++)
      buildLocation(link(`https://example.com/${i}`), { remainder: [] }, "", policy);
    expect(buildLocation(bad, { remainder: [] }, "", policy).ok).toBe(false);
    expect(buildLocation(link("https://example.com/7"), { remainder: [] }, "", policy)).toEqual({
      ok: true,
      url: "https://example.com/7",
    });
  });
});

describe("splat remainder modes", () => {
  const splat = (target: string, extra: Partial<LinkRecord> = {}) =>
    testLink({ kind: "splat", slug: "old/*", key: "old", target, ...extra });

  it("remainder append (the default): the remainder is appended to a target without :splat", () => {
    expect(
      buildLocation(splat("https://example.com/new"), { remainder: ["a", "b"] }, "", TEST_POLICY),
    ).toEqual({
      ok: true,
      url: "https://example.com/new/a/b",
    });
  });

  it("remainder drop: the target is used as written, whatever the remainder", () => {
    const link = splat("https://example.com/new", { remainder: "drop" });
    expect(buildLocation(link, { remainder: ["a", "b"] }, "", TEST_POLICY)).toEqual({
      ok: true,
      url: "https://example.com/new",
    });
    expect(buildLocation(link, { remainder: ["..", "x"] }, "", TEST_POLICY)).toEqual({
      ok: true,
      url: "https://example.com/new",
    });
  });

  it("remainder drop still forwards the query when forward_query is on", () => {
    const link = splat("https://example.com/new", { remainder: "drop", forward_query: true });
    expect(buildLocation(link, { remainder: ["a"] }, "?q=1", TEST_POLICY)).toEqual({
      ok: true,
      url: "https://example.com/new?q=1",
    });
  });
});
