import { describe, expect, it } from "vitest";
import { staticFileFor } from "../../../runtime/static-files.js";
import { TEST_POLICY } from "../../../test/support/policy.js";
import { validateLinks } from "./validate-links.js";

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
  it("SL304 refuses a slug exactly when the runtime would serve a static file there", () => {
    // Every slug of up to three segments over the files' own words, with each suffix: 1,596.
    const words = ["hello", "guide", "docs", "a", "logo", "notes", "index"];
    const suffixes = ["", ".html", ".png", ".txt"];
    const bodies = words.flatMap((a) => [
      a,
      ...words.flatMap((b) => [`${a}/${b}`, ...words.map((c) => `${a}/${b}/${c}`)]),
    ]);
    const disagree = bodies
      .flatMap((body) => suffixes.map((end) => body + end))
      .filter((slug) => reserved(slug) !== (staticFileFor(`/${slug}`, SET) !== undefined));
    expect(disagree).toEqual([]);
  });
});
