/**
 * The instance as a commit has it, read from git without touching the work tree and laid out in a
 * temporary folder that the compiler then reads like any instance, as build reads a checkout
 * (docs/diff.md, "How BASE is read"): base-tree.ts lists what the commit holds (submodules and
 * the targets of symbolic links included), `cat-file --batch` streams the blobs into place, a
 * blob larger than its reader takes is laid out unread as a sparse file of its size (so the
 * compiler refuses it as in the work tree), and symbolic links are written to lead where they
 * lead in the instance, or out of it. The instance root may be a subfolder of the repository.
 */
import { mkdir, mkdtemp, open, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { CUSTOM_DIR } from "../../shared/paths.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { readLimitOf } from "../../stages/1-sources/read-limits.js";
import { catBlobs, type BlobSink } from "./git-blobs.js";
import { DiffUsageError, git, type GitStore } from "./git-run.js";
import { readBaseTree, type BaseFile } from "./base-tree.js";
import { relativeLink } from "./base-symlinks.js";

export { DiffUsageError };

export interface Repository {
  /** The work tree's top folder. */
  top: string;
  /** The instance root relative to `top`, with a trailing `/` (empty at the top). */
  prefix: string;
}

export async function locateRepository(root: string): Promise<Repository> {
  const where = resolve(root);
  const found = await stat(where).catch(() => undefined);
  if (!found?.isDirectory()) throw new DiffUsageError(`${where} is not a folder`);
  let out: string;
  try {
    out = await git(where, ["rev-parse", "--show-toplevel", "--show-prefix"]);
  } catch (error) {
    if (error instanceof DiffUsageError) throw error;
    throw new DiffUsageError(
      `${where} is not inside a git repository (diff compares the instance with a commit)`,
    );
  }
  const [top, prefix = ""] = out.split("\n");
  return { top, prefix };
}

/** The commit a ref names, as a full hash. */
export async function resolveCommit(repo: Repository, ref: string): Promise<string> {
  if (ref === "" || ref.startsWith("-"))
    throw new DiffUsageError(`"${ref}" is not a git ref (expected a branch, tag or commit)`);
  try {
    return (await git(repo.top, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`])).trim();
  } catch (error) {
    if (error instanceof DiffUsageError) throw error;
    throw new DiffUsageError(
      `"${ref}" names no commit in this repository (in CI, fetch the base branch first)`,
    );
  }
}

export interface Materialised {
  /** A temporary folder laid out like the instance root. */
  root: string;
  /** Whether the commit has the instance at all (its custom/ folder). */
  hasInstance: boolean;
  /** Why the instance at the commit cannot be read as a checkout has it (SL807); empty if it can. */
  problems: Diagnostic[];
  cleanup(): Promise<void>;
}

/** Writes the instance as `commit` (named `ref` in messages) has it into a fresh temporary folder. */
export async function materialise(
  repo: Repository,
  commit: string,
  ref = commit,
): Promise<Materialised> {
  const tree = await readBaseTree(repo, { cwd: repo.top }, commit);
  const work = await mkdtemp(join(tmpdir(), "shortlinks-base-"));
  const root = join(work, "instance");
  const cleanup = () => rm(work, { recursive: true, force: true });
  try {
    await mkdir(root);
    // Where a link out of the instance leads: outside the root, so the readers refuse it unread.
    const outside = join(work, "outside");
    await writeFile(outside, "");
    const linked = new Set(tree.links.keys());
    const underLink = (path: string) =>
      path.split("/").some((_, i, parts) => linked.has(parts.slice(0, i).join("/")));
    await writeFiles(
      root,
      tree.files.filter((f) => !underLink(f.path)),
    );
    for (const [path, leadsTo] of tree.links) {
      if (underLink(path)) continue; // git never stores an entry below a link
      await mkdir(dirname(join(root, path)), { recursive: true });
      await symlink(leadsTo === null ? outside : relativeLink(path, leadsTo), join(root, path));
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
  const paths = [
    ...tree.files.map((f) => f.path),
    ...tree.links.keys(),
    ...tree.unavailable.keys(),
  ];
  const problems = [...tree.unavailable].map(([path, oid]) =>
    diag(
      "SL807",
      { file: path, line: 0 },
      `${path} is a git submodule at ${ref} and its commit ${oid.slice(0, 12)} is not in this clone; links and routing are not compared and the published-link rules are not checked`,
      "fetch the submodule (git submodule update --init, or check out with submodules in CI) and run again",
    ),
  );
  return {
    root,
    hasInstance: paths.some((p) => p === CUSTOM_DIR || p.startsWith(CUSTOM_DIR + "/")),
    problems,
    cleanup,
  };
}

/**
 * Each file in place: blobs within their reader's limit streamed from git, one `cat-file` per
 * store; a larger one as a sparse file of its size, never read.
 */
async function writeFiles(root: string, files: readonly BaseFile[]): Promise<void> {
  const folders = new Set<string>();
  const place = async (path: string) => {
    const file = join(root, path);
    const folder = dirname(file);
    if (!folders.has(folder)) await mkdir(folder, { recursive: true });
    folders.add(folder);
    return file;
  };
  const wanted = new Map<GitStore, Map<string, string[]>>();
  for (const file of files) {
    const target = await place(file.path);
    if (file.size > readLimitOf(file.path)) {
      const handle = await open(target, "wx");
      await handle.truncate(file.size).finally(() => handle.close());
      continue;
    }
    const byOid = wanted.get(file.store) ?? new Map<string, string[]>();
    wanted.set(file.store, byOid);
    byOid.set(file.oid, [...(byOid.get(file.oid) ?? []), target]);
  }
  for (const [store, byOid] of wanted)
    await catBlobs(store, [...byOid.keys()], (oid) => fileSinks(byOid.get(oid) as string[]));
}

/** A sink writing one blob to every path that holds it. */
async function fileSinks(targets: readonly string[]): Promise<BlobSink> {
  const handles = await Promise.all(targets.map((t) => open(t, "wx")));
  return {
    write: async (chunk) => void (await Promise.all(handles.map((h) => h.write(chunk)))),
    close: async () => void (await Promise.all(handles.map((h) => h.close()))),
  };
}
