/**
 * Running git for diff: in the work tree's repository, or in a submodule's object store
 * (`--git-dir`). git's own errors are thrown as they are; a missing git is a usage error.
 */
import { execFile } from "node:child_process";

/** A problem with the command line or the repository: one line, exit 2. */
export class DiffUsageError extends Error {}

/** Where git finds the objects: the repository of `cwd`, or the store at `gitDir`. */
export interface GitStore {
  cwd: string;
  gitDir?: string;
}

const MAX_LISTING = 512 * 1024 * 1024;

/** The arguments that point git at `store`, before the command. */
export function storeArgs(store: GitStore): string[] {
  return store.gitDir === undefined ? [] : ["--git-dir", store.gitDir];
}

export function git(store: GitStore | string, args: string[]): Promise<string> {
  const where: GitStore = typeof store === "string" ? { cwd: store } : store;
  return new Promise((done, fail) => {
    execFile(
      "git",
      [...storeArgs(where), ...args],
      { cwd: where.cwd, maxBuffer: MAX_LISTING, encoding: "utf8" },
      (error, stdout) => {
        if (!error) return done(stdout);
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT") fail(new DiffUsageError("git is not installed or not on PATH"));
        else fail(error);
      },
    );
  });
}

/** Whether `store` holds the commit `oid` (a submodule's commit may not have been fetched). */
export async function hasCommit(store: GitStore, oid: string): Promise<boolean> {
  try {
    return (await git(store, ["cat-file", "-t", oid])).trim() === "commit";
  } catch (error) {
    if (error instanceof DiffUsageError) throw error;
    return false;
  }
}
