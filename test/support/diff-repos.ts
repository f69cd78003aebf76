/**
 * Throwaway git repositories for `diff`'s tests: commit an instance, change the work tree,
 * compare. Each test file calls useDiffRepos() once; its repositories go after each test.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { CACHE_DIR_ENV } from "../../lib/shared/cache/locate.js";
import { createTestRepo, type TestRepo } from "./git-repo.js";
import { diffInstance } from "../../lib/engines/diff/diff-instance.js";
import type { DiffReport } from "../../lib/engines/diff/report.js";

export const AT = new Date("2030-01-01T00:00:00Z");

export function useDiffRepos() {
  const repos: TestRepo[] = [];
  afterEach(() => repos.splice(0).forEach((r) => r.cleanup()));
  return (files: Record<string, string>, options?: { prefix?: string }): TestRepo => {
    const r = createTestRepo(files, options);
    repos.push(r);
    return r;
  };
}

export const diff = (r: TestRepo, extra: Partial<Parameters<typeof diffInstance>[0]> = {}) =>
  diffInstance({ root: r.root, base: "HEAD", at: AT, ...extra });

export const codes = (report: DiffReport) =>
  report.problems.map((p) => `${p.code} ${p.file}:${p.line}`);
export const slugs = (links: { slug: string }[]) => links.map((l) => l.slug);

/**
 * Cache folders made by the test (the cache's environment variable cleared and each folder
 * removed after every test): call once per file, then `cacheDir()` for a new empty one.
 */
export function useCacheDirs(prefix: string): () => string {
  const dirs: string[] = [];
  afterEach(() => {
    delete process.env[CACHE_DIR_ENV];
    dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}
