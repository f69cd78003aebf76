/**
 * The instance as a commit has it, read from git without touching the work tree: `ls-tree` lists
 * the instance's `custom/` (and its own `defaults/`, when it has one) at the commit, `cat-file
 * --batch` reads every blob in one process, and the files are written into a temporary folder
 * that the compiler then reads like any instance. The instance root may be a subfolder of the
 * repository.
 */
import { execFile, spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";

/** A problem with the command line or the repository: one line, exit 2. */
export class DiffUsageError extends Error {}

export interface Repository {
  /** The work tree's top folder. */
  top: string;
  /** The instance root relative to `top`, with a trailing `/` (empty at the top). */
  prefix: string;
}

/** Folders of the instance that the compiler reads (the rest of the repository is not needed). */
const INSTANCE_FOLDERS = ["custom", "defaults"];
const MAX_LISTING = 512 * 1024 * 1024;

function git(args: string[], cwd: string): Promise<string> {
  return new Promise((done, fail) => {
    execFile("git", args, { cwd, maxBuffer: MAX_LISTING, encoding: "utf8" }, (error, stdout) => {
      if (!error) return done(stdout);
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") fail(new DiffUsageError("git is not installed or not on PATH"));
      else fail(error);
    });
  });
}

export async function locateRepository(root: string): Promise<Repository> {
  const where = resolve(root);
  const found = await stat(where).catch(() => undefined);
  if (!found?.isDirectory()) throw new DiffUsageError(`${where} is not a folder`);
  let out: string;
  try {
    out = await git(["rev-parse", "--show-toplevel", "--show-prefix"], where);
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
    return (await git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], repo.top)).trim();
  } catch (error) {
    if (error instanceof DiffUsageError) throw error;
    throw new DiffUsageError(
      `"${ref}" names no commit in this repository (in CI, fetch the base branch first)`,
    );
  }
}

interface TreeEntry {
  mode: string;
  oid: string;
  /** Relative to the instance root. */
  path: string;
}

async function listInstance(repo: Repository, commit: string): Promise<TreeEntry[]> {
  const specs = INSTANCE_FOLDERS.map((f) => repo.prefix + f);
  const out = await git(["ls-tree", "-r", "-z", "--full-tree", commit, "--", ...specs], repo.top);
  const entries: TreeEntry[] = [];
  for (const record of out.split("\0")) {
    if (record === "") continue;
    const tab = record.indexOf("\t");
    const [mode, type, oid] = record.slice(0, tab).split(" ");
    // Regular files only: symlinks could point anywhere, submodules are other repositories.
    if (type !== "blob" || (mode !== "100644" && mode !== "100755")) continue;
    entries.push({ mode, oid, path: record.slice(tab + 1).slice(repo.prefix.length) });
  }
  return entries;
}

/** Every blob's bytes, by object id, from one `git cat-file --batch`. */
function readBlobs(repo: Repository, oids: readonly string[]): Promise<Map<string, Buffer>> {
  if (oids.length === 0) return Promise.resolve(new Map());
  return new Promise((done, fail) => {
    const child = spawn("git", ["cat-file", "--batch"], {
      cwd: repo.top,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const chunks: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", fail);
    child.on("close", (code) => {
      if (code !== 0) return fail(new Error(`git cat-file failed (${code}): ${stderr.trim()}`));
      const out = Buffer.concat(chunks);
      const blobs = new Map<string, Buffer>();
      let at = 0;
      while (at < out.length) {
        const end = out.indexOf(0x0a, at);
        const [oid, type, size] = out.subarray(at, end).toString().split(" ");
        if (type !== "blob") return fail(new Error(`git cat-file: ${oid} is ${type}`));
        const length = Number(size);
        blobs.set(oid, out.subarray(end + 1, end + 1 + length));
        at = end + 1 + length + 1;
      }
      done(blobs);
    });
    child.stdin.end(oids.join("\n") + "\n");
  });
}

export interface Materialised {
  /** A temporary folder laid out like the instance root. */
  root: string;
  /** Whether the commit has the instance at all (its custom/ folder). */
  hasInstance: boolean;
  cleanup(): Promise<void>;
}

/** Writes the instance as `commit` has it into a fresh temporary folder. */
export async function materialise(repo: Repository, commit: string): Promise<Materialised> {
  const entries = await listInstance(repo, commit);
  const root = await mkdtemp(join(tmpdir(), "shortlinks-base-"));
  const cleanup = () => rm(root, { recursive: true, force: true });
  try {
    const blobs = await readBlobs(repo, [...new Set(entries.map((e) => e.oid))]);
    const folders = new Set<string>();
    for (const entry of entries) {
      const file = join(root, entry.path);
      if (relative(root, file).startsWith(".." + sep)) continue; // git never stores such paths
      const folder = dirname(file);
      if (!folders.has(folder)) await mkdir(folder, { recursive: true });
      folders.add(folder);
      await writeFile(file, blobs.get(entry.oid) as Buffer);
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
  const hasInstance = entries.some((e) => e.path.startsWith("custom/"));
  return { root, hasInstance, cleanup };
}
