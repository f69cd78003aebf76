/**
 * Where a submodule's objects live, to read the commit its gitlink records: the store git keeps
 * under the parent's `modules/<name>` (the name from `.gitmodules` at the parent's commit), or
 * the submodule's own checkout in the work tree. Undefined when neither holds the commit (not
 * initialised, not fetched): the caller refuses with SL807 rather than guess.
 */
import { join } from "node:path";
import { git, hasCommit, type GitStore } from "./git-run.js";

export interface GitlinkAt {
  /** The store and commit whose tree holds the gitlink. */
  parent: GitStore;
  commit: string;
  /** The gitlink's path relative to the parent store's top. */
  path: string;
  /** The commit the gitlink records. */
  oid: string;
  /** Where the submodule's checkout would be in the work tree. */
  checkout: string;
}

async function gitDirOf(store: GitStore): Promise<string | undefined> {
  if (store.gitDir !== undefined) return store.gitDir;
  try {
    return (await git(store, ["rev-parse", "--path-format=absolute", "--git-common-dir"])).trim();
  } catch {
    return undefined; // a parent without a store of its own has no modules/ either
  }
}

/** The submodule's name at `path`, as `.gitmodules` at the parent's commit says; else its path. */
async function nameOf(link: GitlinkAt): Promise<string> {
  try {
    const out = await git(link.parent, [
      "config",
      "--blob",
      `${link.commit}:.gitmodules`,
      "-z",
      "--get-regexp",
      "^submodule\\..*\\.path$",
    ]);
    for (const record of out.split("\0")) {
      const newline = record.indexOf("\n");
      if (newline < 0 || record.slice(newline + 1) !== link.path) continue;
      return record.slice("submodule.".length, newline - ".path".length);
    }
  } catch {
    // No .gitmodules at that commit (a gitlink added by hand): git's default name is the path.
  }
  return link.path;
}

/** The git folder of the submodule's checkout in the work tree, if it is one. */
async function checkoutGitDir(checkout: string): Promise<string | undefined> {
  try {
    const [top, gitDir] = (
      await git(checkout, ["rev-parse", "--show-toplevel", "--absolute-git-dir"])
    ).split("\n");
    // Inside a folder that is not a checkout, git answers for the parent repository.
    return top === checkout ? gitDir : undefined;
  } catch {
    return undefined; // no such folder: the submodule is not checked out here
  }
}

export async function submoduleStore(link: GitlinkAt): Promise<GitStore | undefined> {
  const parentDir = await gitDirOf(link.parent);
  const gitDirs = [
    parentDir === undefined ? undefined : join(parentDir, "modules", await nameOf(link)),
    await checkoutGitDir(link.checkout),
  ];
  for (const gitDir of gitDirs) {
    if (gitDir === undefined) continue;
    const store = { cwd: link.parent.cwd, gitDir };
    if (await hasCommit(store, link.oid)) return store;
  }
  return undefined;
}
