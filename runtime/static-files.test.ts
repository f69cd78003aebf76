import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateLinks } from "../lib/validate/validate-links.js";
import { TEST_POLICY } from "../test/support/policy.js";
import { servedPathsOf, staticFileFor } from "./static-files.js";

const FILES = ["/hello.html", "/guide/index.html", "/docs/a.html", "/logo.png", "/notes.txt"];
const SET = new Set(FILES);

/** SL304 for a link at `slug` next to FILES (the compiler's side of the agreement). */
function reserved(slug: string): boolean {
  const { diagnostics } = validateLinks({
    links: [{ slug, target: "https://example.com/", file: "l.yaml", line: 1, fieldLines: {} }],
    site: { case_sensitive: true, default_status: 302 },
    policy: TEST_POLICY,
    staticPaths: FILES,
  });
  return diagnostics.some((d) => d.code === "SL304");
}

describe("reserved static paths: what the compiler refuses is what the runtime serves", () => {
  it.each([
    ["/hello", "/hello.html"],
    ["/hello/", "/hello.html"],
    ["/hello.html", "/hello.html"],
    ["/guide", "/guide/index.html"],
    ["/guide/", "/guide/index.html"],
    ["/docs/a", "/docs/a.html"],
    ["/logo.png", "/logo.png"],
    ["/logo", undefined],
    ["/notes", undefined],
    ["/docs", undefined],
    ["/", undefined],
  ])("%s is served from %s", (path, file) => {
    expect(staticFileFor(path, SET)).toBe(file);
  });

  it.each(FILES)("every path %s answers on is served from it", (file) => {
    for (const path of servedPathsOf(file)) expect(staticFileFor(path, SET)).toBe(file);
  });

  it("SL304 refuses a slug exactly when the runtime would serve a static file there", () => {
    const segment = fc.constantFrom("hello", "guide", "docs", "a", "logo", "notes", "index");
    const suffix = fc.constantFrom("", ".html", ".png", ".txt");
    const slug = fc
      .tuple(fc.array(segment, { minLength: 1, maxLength: 3 }), suffix)
      .map(([segments, end]) => segments.join("/") + end);
    fc.assert(
      fc.property(slug, (s) => reserved(s) === (staticFileFor(`/${s}`, SET) !== undefined)),
      { numRuns: 300 },
    );
  });
});
