/**
 * One pass of `npm test` as a vitest config: the files `include` names less `exclude`, split in
 * two projects that share one pool of workers. The unit tests of SHARED_MODULES run with one
 * module graph per worker (`isolate: false`); every other file gets its own, as before.
 */
import { readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { defineConfig, type ViteUserConfig } from "vitest/config";
import { LongPolesFirst } from "./long-poles-first.js";
import { NEEDS_FRESH_MODULES, SHARED_MODULES } from "./test-passes.js";

const REPO = resolve(import.meta.dirname, "../..");
const NEVER = new Set(["node_modules", "dist"]);

/** A matcher for the globs of test-passes.ts: `**` any folders, `*` any part of one name. */
export function matcher(globs: string[]): (file: string) => boolean {
  const parts = globs.map((glob) =>
    glob
      .split(/(\*\*\/|\/\*\*$|\*)/)
      .map((part) =>
        part === "**/"
          ? "(?:.*/)?"
          : part === "/**"
            ? "(?:/.*)?"
            : part === "*"
              ? "[^/]*"
              : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"),
      )
      .join(""),
  );
  const pattern = new RegExp(`^(?:${parts.join("|")})$`);
  return (file) => pattern.test(file);
}

/** Every test file of the repository, relative to it with `/`, sorted; node_modules unread. */
export function testFiles(folder = ""): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(REPO, folder), { withFileTypes: true })) {
    const path = folder === "" ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory() && !NEVER.has(entry.name) && !entry.name.startsWith("."))
      files.push(...testFiles(path));
    else if (entry.isFile() && entry.name.endsWith(".test.ts")) files.push(path);
  }
  return files.sort();
}

/** The test files of a pass: those `include` names, less those `exclude` names. */
export function passFiles(include: string[], exclude: string[]): string[] {
  const included = matcher(include);
  const excluded = matcher(exclude);
  return testFiles().filter((file) => included(file) && !excluded(file));
}

/** A pass's config: its files as two projects, `units` (one module graph per worker) and `suites`. */
export function passConfig(include: string[], exclude: string[]): ViteUserConfig {
  const files = passFiles(include, exclude);
  const shares = matcher(SHARED_MODULES);
  const fresh = matcher(NEEDS_FRESH_MODULES);
  const shared = files.filter((file) => shares(file) && !fresh(file));
  const isolated = files.filter((file) => !shared.includes(file));
  return defineConfig({
    test: {
      globalSetup: ["test/global-setup.ts"],
      // Most of a run is spent waiting on the processes the tests start (the CLI, workerd,
      // Chromium): on 2 cores the first pass used 480 s of CPU in 567 s, so two workers per core.
      maxWorkers: Math.max(2, availableParallelism() * 2),
      testTimeout: 30_000,
      hookTimeout: 120_000,
      sequence: { sequencer: LongPolesFirst },
      projects: [
        { extends: true, test: { name: "units", include: shared, isolate: false } },
        { extends: true, test: { name: "suites", include: isolated } },
      ],
    },
  });
}
