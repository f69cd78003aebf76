/** `git ls-tree` at a commit, with each blob's size: sizes are known before any blob is read. */
import { git, type GitStore } from "./git-run.js";

export type EntryKind = "file" | "symlink" | "submodule" | "tree";

export interface TreeEntry {
  kind: EntryKind;
  oid: string;
  /** Bytes, for files and symbolic links. */
  size: number;
  /** Relative to the store's top. */
  path: string;
}

function kindOf(mode: string, type: string): EntryKind | undefined {
  if (type === "blob" && (mode === "100644" || mode === "100755")) return "file";
  if (type === "blob" && mode === "120000") return "symlink";
  if (type === "commit" && mode === "160000") return "submodule";
  if (type === "tree") return "tree";
  return undefined;
}

/**
 * What `commit` has at `paths` (relative to the store's top; none: everything): every file, symbolic
 * link and submodule below them with `recursive`, else the entries at the paths themselves.
 */
export async function listTree(
  store: GitStore,
  commit: string,
  paths: readonly string[],
  { recursive = true } = {},
): Promise<TreeEntry[]> {
  // Literal: a path holding `*` or `:(` names that path, never a pattern.
  const args = ["--literal-pathspecs", "ls-tree", "-l", "-z", "--full-tree"];
  if (recursive) args.push("-r");
  args.push(commit);
  const out = await git(store, paths.length > 0 ? [...args, "--", ...paths] : args);
  const entries: TreeEntry[] = [];
  for (const record of out.split("\0")) {
    if (record === "") continue;
    const tab = record.indexOf("\t");
    const [mode, type, oid, size] = record.slice(0, tab).split(/ +/);
    const kind = kindOf(mode, type);
    if (kind) entries.push({ kind, oid, size: Number(size) || 0, path: record.slice(tab + 1) });
  }
  return entries;
}
