// BENCHMARKS.md holds one current table per benchmark, each written by its bench script between
// `<!-- bench:NAME -->` markers; earlier runs are left to git history.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BENCHMARKS, replaceBenchBlock } from "../scripts/benchmarks-section.mjs";

/** The block each bench script writes (its first argument to writeBenchmarksSection). */
const WRITERS: Record<string, string> = {
  goals: "scripts/bench-goals.mjs",
  build: "scripts/bench-build.mjs",
  runtime: "scripts/bench.mjs",
  analytics: "bench/analytics-latency.mjs",
  health: "scripts/bench-health.mjs",
  diff: "scripts/bench-diff.mjs",
  stats: "scripts/bench-stats.mjs",
  "cli-start": "scripts/bench-cli-start.mjs",
  heap: "bench/heap-trace.mjs",
  placeholders: "scripts/bench-placeholders.mjs",
  routes: "scripts/bench-routes.mjs",
};

const text = readFileSync(BENCHMARKS, "utf8");
const count = (needle: string) => text.split(needle).length - 1;

describe("BENCHMARKS.md", () => {
  it("stays under 300 lines", () => {
    expect(text.split("\n").length).toBeLessThan(300);
  });

  it.each(Object.entries(WRITERS))(
    "the %s table is marked once and written by %s",
    (name, file) => {
      expect(count(`<!-- bench:${name} -->\n`)).toBe(1);
      expect(count(`<!-- /bench:${name} -->`)).toBe(1);
      const script = readFileSync(new URL(`../${file}`, import.meta.url), "utf8");
      expect(script).toMatch(new RegExp(`writeBenchmarksSection\\(\\s*"${name}"`));
    },
  );

  it("holds no block that no script writes", () => {
    const names = [...text.matchAll(/<!-- bench:([a-z-]+) -->/g)].map((m) => m[1]);
    expect(names.sort()).toEqual(Object.keys(WRITERS).sort());
  });
});

describe("a bench script's table is replaced in place", () => {
  const before = "# B\n\n## A\n\nabout A\n\n<!-- bench:a -->\nold\n<!-- /bench:a -->\n\n## C\n";

  it("only the marked block changes", () => {
    expect(replaceBenchBlock(before, "a", "new\n")).toBe(
      "# B\n\n## A\n\nabout A\n\n<!-- bench:a -->\nnew\n<!-- /bench:a -->\n\n## C\n",
    );
  });

  it("a block the file lacks is appended under its own heading", () => {
    expect(replaceBenchBlock(before, "d", "first", "D")).toBe(
      `${before.trimEnd()}\n\n## D\n\n<!-- bench:d -->\nfirst\n<!-- /bench:d -->\n`,
    );
  });
});
