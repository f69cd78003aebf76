/** Throwaway git repositories holding an instance, for the diff tests: write, commit, change. */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export const SITE_YAML = "site_name: T\nbase_url: https://go.example.org\n";

export interface TestRepo {
  /** The repository's top folder. */
  top: string;
  /** The instance root (the top, or a subfolder of it). */
  root: string;
  /** Writes files under the instance root; null deletes one. */
  write(files: Record<string, string | null>): void;
  /** A symbolic link at `path` (under the instance root) holding `target` as written. */
  symlink(path: string, target: string): void;
  /** Commits everything; returns the commit hash. */
  commit(message?: string): string;
  git(...args: string[]): string;
  cleanup(): void;
}

/** Git with a fixed identity, no signing and no hooks, unaffected by the caller's repository. */
function runGit(cwd: string, args: string[]): string {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith("GIT_")) delete env[name];
  return execFileSync(
    "git",
    [
      "-c",
      "user.name=Test",
      "-c",
      "user.email=test@example.com",
      "-c",
      "commit.gpgsign=false",
      "-c",
      "core.hooksPath=/dev/null",
      ...args,
    ],
    { cwd, env, encoding: "utf8" },
  );
}

/**
 * A repository whose first commit holds `files` under `prefix`, with custom/site.yaml added unless
 * given (or unless `site` is false: a repository of instance files that is not an instance).
 */
export function createTestRepo(
  files: Record<string, string>,
  options: { prefix?: string; site?: boolean } = {},
): TestRepo {
  const top = mkdtempSync(join(tmpdir(), "shortlinks-diff-repo-"));
  const root = options.prefix ? join(top, options.prefix) : top;
  runGit(top, ["init", "-q", "-b", "main"]);
  const repo: TestRepo = {
    top,
    root,
    write(changes) {
      for (const [path, content] of Object.entries(changes)) {
        const file = join(root, path);
        if (content === null) rmSync(file, { force: true });
        else {
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, content);
        }
      }
    },
    symlink(path, target) {
      const file = join(root, path);
      mkdirSync(dirname(file), { recursive: true });
      rmSync(file, { force: true });
      symlinkSync(target, file);
    },
    commit(message = "change") {
      runGit(top, ["add", "-A"]);
      runGit(top, ["commit", "-q", "--allow-empty", "-m", message]);
      return runGit(top, ["rev-parse", "HEAD"]).trim();
    },
    git: (...args) => runGit(top, args),
    cleanup: () => rmSync(top, { recursive: true, force: true }),
  };
  repo.write(options.site === false ? files : { "custom/site.yaml": SITE_YAML, ...files });
  repo.commit("base");
  return repo;
}

/** YAML rows from objects (one-line scalars, as a person writes them). */
export function yamlRows(rows: Record<string, unknown>[]): string {
  return rows
    .map((row) =>
      Object.entries(row)
        .map(([key, value], i) => `${i === 0 ? "- " : "  "}${key}: ${JSON.stringify(value)}`)
        .join("\n"),
    )
    .join("\n")
    .concat("\n");
}
