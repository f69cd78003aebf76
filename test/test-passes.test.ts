/**
 * Every test file runs in a pass of `npm test`, and each one that skips Node 24 does so under a
 * rule that says why (test/support/test-passes.ts): a new folder of tests that neither pass
 * includes, or that no rule places, fails here instead of never running.
 */
import { describe, expect, it } from "vitest";
import firstPass from "../vitest.config.js";
import node24Pass from "../vitest.node24.config.js";
import {
  FIRST_PASS_ONLY,
  LONG_POLES,
  NEEDS_FRESH_MODULES,
  NODE24_ONLY,
  ON_USERS_NODE,
  SUITES,
} from "./support/test-passes.js";
import { matcher, passFiles, testFiles } from "./support/vitest-pass.js";

/** The files a config's projects include, each once. */
function filesOf(config: typeof firstPass): string[] {
  const projects = (config.test?.projects ?? []) as { test: { include: string[] } }[];
  return projects.flatMap((project) => project.test.include).sort();
}

describe("the passes of npm test", () => {
  const all = testFiles();

  it("finds the repository's test files, this one among them", () => {
    expect(all).toContain("test/test-passes.test.ts");
    expect(all).toContain("runtime/answer-cache.test.ts");
    expect(all.length).toBeGreaterThan(200);
  });

  it("every test file is run by the first pass or the Node 24 pass", () => {
    const run = new Set([...filesOf(firstPass), ...filesOf(node24Pass)]);
    expect(all.filter((file) => !run.has(file))).toEqual([]);
  });

  it("every test file but the Node 24 ones is in the first pass, each in one project", () => {
    const first = filesOf(firstPass);
    expect(new Set(first).size).toBe(first.length);
    expect(first).toEqual(passFiles(SUITES, NODE24_ONLY));
    expect(all.filter((file) => !first.includes(file))).toEqual(all.filter(matcher(NODE24_ONLY)));
  });

  it("a file that skips Node 24 is placed by a rule of FIRST_PASS_ONLY", () => {
    const second = new Set(filesOf(node24Pass));
    const placed = matcher(Object.values(FIRST_PASS_ONLY).flat());
    expect(all.filter((file) => !second.has(file) && !placed(file))).toEqual([]);
  });

  it("the Node 24 pass runs the CLI suites and the Node 24 tests, not the worker's", () => {
    const second = filesOf(node24Pass);
    expect(second).toContain("test/node24/instance-from-tarball.test.ts");
    expect(second).toContain("test/cli-e2e.test.ts");
    expect(second).toContain("test/engine/serve-cli.test.ts");
    expect(
      second.filter(matcher(["runtime/**", "test/browser/**", "**/*.property.test.ts"])),
    ).toEqual([]);
    expect(second.every(matcher(ON_USERS_NODE))).toBe(true);
  });

  it("the long poles and the files that need fresh modules are test files that exist", () => {
    expect([...LONG_POLES, ...NEEDS_FRESH_MODULES].filter((file) => !all.includes(file))).toEqual(
      [],
    );
  });

  it("the glob matcher reads ** as any folders and * as part of one name", () => {
    const match = matcher(["lib/**/*.test.ts", "test/node24/**", "test/*.workerd.test.ts"]);
    expect(["lib/a.test.ts", "lib/x/y/a.test.ts", "test/node24/a/b.test.ts"].every(match)).toBe(
      true,
    );
    expect(match("test/engine/a.workerd.test.ts")).toBe(false);
    expect(match("libx/a.test.ts")).toBe(false);
    expect(match("lib/a.test.tsx")).toBe(false);
  });
});
