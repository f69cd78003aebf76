import { describe, expect, it } from "vitest";
import { finishDraft, headersFor, matchesPattern, withHeaderRules } from "./headers.js";
import { notFoundPage, REFERENCE_SLOT, withReference } from "./responses.js";
import type { HeaderRule } from "../contract/index.js";

/** Rules alone, without mandatory controls (mandatory.test.ts covers those). */
const policy = (header_rules: HeaderRule[]) => ({ header_rules, mandatory_headers: {} });

const rules: HeaderRule[] = [
  {
    pattern: "/*",
    set: { "X-Generated-By": "shortlinks/test", "Content-Security-Policy": "default-src 'self'" },
    unset: [],
  },
  { pattern: "/lookup/*", set: { "Cache-Control": "no-cache" }, unset: [] },
  { pattern: "/:lang/_stats/*", set: { "X-Robots-Tag": "noindex" }, unset: [] },
  {
    pattern: "/hello.html",
    set: { "Content-Security-Policy": "sandbox allow-scripts" },
    unset: ["Content-Security-Policy"],
  },
  { pattern: "/*", set: { "X-Extra": "a" }, unset: [] },
  { pattern: "/docs", set: { "X-Extra": "b" }, unset: [] },
];

describe("header rules compiled from _headers", () => {
  it("a splat pattern matches every path", () => {
    expect(headersFor(rules, "/anything/at/all").get("x-generated-by")).toBe("shortlinks/test");
  });

  it("a placeholder matches one segment only", () => {
    expect(headersFor(rules, "/fr/_stats/x").get("x-robots-tag")).toBe("noindex");
    expect(headersFor(rules, "/a/b/_stats/x").has("x-robots-tag")).toBe(false);
  });

  it("/lookup/* does not match /lookup itself", () => {
    expect(headersFor(rules, "/lookup").has("cache-control")).toBe(false);
    expect(headersFor(rules, "/lookup/x").get("cache-control")).toBe("no-cache");
  });

  it("a detach (!) removes what earlier rules set before the rule sets its own", () => {
    expect(headersFor(rules, "/hello.html").get("content-security-policy")).toBe(
      "sandbox allow-scripts",
    );
  });

  it("two rules setting one header join with a comma", () => {
    expect(headersFor(rules, "/docs").get("x-extra")).toBe("a, b");
  });

  it("regex characters in a pattern are literal", () => {
    const dotted: HeaderRule[] = [{ pattern: "/a.b", set: { X: "1" }, unset: [] }];
    expect(headersFor(dotted, "/a.b").get("x")).toBe("1");
    expect(headersFor(dotted, "/aXb").has("x")).toBe(false);
  });

  it("replaces values the assets layer already set instead of doubling them", () => {
    const response = new Response("x", {
      headers: { "x-generated-by": "shortlinks/test", "content-type": "text/plain" },
    });
    const out = withHeaderRules(response, policy(rules), "/x");
    expect(out.headers.get("x-generated-by")).toBe("shortlinks/test");
  });

  it.each([
    [undefined, "no-cache, no-transform"],
    ["no-store", "no-store, no-transform"],
    ["no-store, no-transform", "no-store, no-transform"],
  ])("HTML with Cache-Control %s gets %s", (cache, expected) => {
    const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8" };
    if (cache) headers["cache-control"] = cache;
    expect(
      withHeaderRules(new Response("<p>", { headers }), policy([]), "/").headers.get(
        "cache-control",
      ),
    ).toBe(expected);
  });

  it("non-HTML responses get no added Cache-Control", () => {
    const out = withHeaderRules(
      new Response(null, { status: 302, headers: { location: "https://x.example/" } }),
      policy([]),
      "/",
    );
    expect(out.headers.get("cache-control")).toBeNull();
  });
});

describe("the worker's deliberate headers win over _headers defaults", () => {
  it("a rule does not overwrite Cache-Control the worker set", () => {
    const fallback: HeaderRule[] = [
      { pattern: "/*", set: { "Cache-Control": "no-store" }, unset: [] },
    ];
    const response = new Response("x", {
      status: 403,
      headers: { "cache-control": "private, no-store" },
    });
    expect(
      withHeaderRules(response, policy(fallback), "/en/_stats/").headers.get("cache-control"),
    ).toBe("private, no-store");
  });
});

describe("header rules on the final answer", () => {
  it("an unset rule removes a header, the worker's own included", () => {
    const unset: HeaderRule[] = [{ pattern: "/*", set: {}, unset: ["X-Frame-Options", "Vary"] }];
    const response = new Response("x", {
      headers: { vary: "Origin", "content-type": "text/plain" },
    });
    const out = withHeaderRules(response, policy(unset), "/x");
    expect(out.headers.has("vary")).toBe(false);
    expect(out.headers.get("content-type")).toBe("text/plain");
  });

  it("HEAD keeps status and headers and drops the body", async () => {
    const response = new Response("body", {
      status: 404,
      headers: { "content-type": "text/plain" },
    });
    const out = withHeaderRules(response, policy(rules), "/x", true);
    expect(out.status).toBe(404);
    expect(out.headers.get("x-generated-by")).toBe("shortlinks/test");
    expect(await out.text()).toBe("");
  });

  it("a miss 404 is sent with the request's correlation id, and kept without it", async () => {
    const draft = notFoundPage(`<p>Reference ${REFERENCE_SLOT}</p>`);
    const { sent, response } = finishDraft(draft, policy(rules), "/nope", false, (d) =>
      withReference(d, "ray-1"),
    );
    expect(response.headers.get("x-correlation-id")).toBe("ray-1");
    expect(response.headers.get("x-generated-by")).toBe("shortlinks/test");
    expect(await response.text()).toBe("<p>Reference ray-1</p>");
    expect(sent.reference).toBe(true);
    expect(sent.body).toContain(REFERENCE_SLOT);
    expect(sent.headers["x-correlation-id"]).toBeUndefined();
  });
});

describe("_headers patterns: the fast matchers agree with the pattern's regular expression", () => {
  const patterns = [
    "/*",
    "/links.json",
    "/links-shards/*",
    "/*/_stats/*",
    "/:lang/_tests/*",
    "/a.b",
    "https://go.example.org/docs/*",
    "/lookup/*",
  ];
  const paths = [
    "/",
    "/links.json",
    "/links.jsonx",
    "/links-shards/",
    "/links-shards/1.jsonl",
    "/links-shards/filter.bin",
    "/links-shards",
    "/en/_stats/x",
    "/a/b/_stats/x",
    "/en/_tests/",
    "/a.b",
    "/aXb",
    "/docs/x",
    "/docs",
    "/lookup/",
    "/lookup",
    "/x\ny",
  ];
  it.each(patterns)("%s", (pattern) => {
    const rules = [{ pattern, set: { "X-Hit": "1" }, unset: [] }];
    const disagree = paths.filter(
      (path) => headersFor(rules, path).has("x-hit") !== matchesPattern(pattern, path),
    );
    expect(disagree).toEqual([]);
  });

  it("paths matching the same rules share one merged result, and different ones do not", () => {
    expect(headersFor(rules, "/a")).toBe(headersFor(rules, "/b"));
    expect(headersFor(rules, "/lookup/x").get("cache-control")).toBe("no-cache");
    expect(headersFor(rules, "/a").has("cache-control")).toBe(false);
  });
});

describe("responses that set cookies", () => {
  it("keep every Set-Cookie header separate and still get the rules", () => {
    const headers = new Headers({ "content-type": "text/plain" });
    headers.append("set-cookie", "a=1");
    headers.append("set-cookie", "b=2");
    const out = withHeaderRules(new Response("x", { headers }), policy(rules), "/x");
    expect(out.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(out.headers.get("x-generated-by")).toBe("shortlinks/test");
  });
});
