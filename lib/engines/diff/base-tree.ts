/**
 * The instance as a commit has it, as build would see it in a checkout: `custom/` and `defaults/`,
 * the submodules among them read from their own objects at the commit each gitlink records, and
 * whatever their symbolic links lead to inside the instance, fetched too (a link's target may lie
 * outside those folders). Nothing is read but the targets of symbolic links: files are listed
 * with their sizes for the caller to decide.
 */
import { join } from "node:path";
import { readBlobTexts } from "./git-blobs.js";
import type { GitStore } from "./git-run.js";
import { linkTargetOf, type InstanceAt } from "./base-symlinks.js";
import { submoduleStore } from "./git-submodule.js";
import { listTree, type TreeEntry } from "./git-tree.js";
import { DEFAULTS_DIR, CUSTOM_DIR } from "../../shared/paths.js";

/** Folders of the instance that the compiler reads (the rest of the repository is not needed). */
const INSTANCE_FOLDERS = [CUSTOM_DIR, DEFAULTS_DIR];
/** Rounds of links that lead to links (Linux follows 40 in one path). */
export const MAX_LINK_ROUNDS = 40;
/** A link's target longer than the longest path Linux takes is not followed. */
const MAX_LINK_TARGET = 4096;

export interface BaseFile {
  /** Relative to the instance root. */
  path: string;
  oid: string;
  size: number;
  store: GitStore;
}

export interface BaseTree {
  files: BaseFile[];
  /** Symbolic links: path -> the instance path they lead to, or null (out of the instance). */
  links: Map<string, string | null>;
  /** Submodules whose commit no store here holds: path -> the recorded commit. */
  unavailable: Map<string, string>;
}

interface Mount {
  /** Instance path of the store's top ("" with `prefix` for the repository itself). */
  at: string;
  /** Store path of the instance root (the repository's prefix; "" for a submodule). */
  prefix: string;
  store: GitStore;
  commit: string;
}

const under = (path: string, folder: string) =>
  folder === "" || path === folder || path.startsWith(folder + "/");

export async function readBaseTree(
  repo: InstanceAt,
  store: GitStore,
  commit: string,
): Promise<BaseTree> {
  const tree: BaseTree = { files: [], links: new Map(), unavailable: new Map() };
  const mounts: Mount[] = [{ at: "", prefix: repo.prefix, store, commit }];
  const seen = new Set<string>();
  const listed: string[] = [];
  const pendingLinks: BaseFile[] = [];

  const mountOf = (path: string) =>
    mounts.filter((m) => under(path, m.at)).sort((a, b) => b.at.length - a.at.length)[0];
  const toStore = (m: Mount, path: string) =>
    m.prefix + (m.at === "" ? path : path.slice(m.at.length + 1));
  const fromStore = (m: Mount, path: string) =>
    m.at === "" ? path.slice(m.prefix.length) : `${m.at}/${path}`;

  async function take(m: Mount, entry: TreeEntry): Promise<void> {
    const path = fromStore(m, entry.path);
    // git never stores `.`, `..` or empty names; a crafted tree that does is not laid out.
    if (seen.has(path) || path.split("/").some((s) => s === "" || s === "." || s === "..")) return;
    seen.add(path);
    if (entry.kind === "file")
      tree.files.push({ path, oid: entry.oid, size: entry.size, store: m.store });
    else if (entry.kind === "symlink")
      pendingLinks.push({ path, oid: entry.oid, size: entry.size, store: m.store });
    else if (entry.kind === "submodule") await mountSubmodule(m, entry, path);
  }

  async function mountSubmodule(parent: Mount, entry: TreeEntry, path: string): Promise<void> {
    const found = await submoduleStore({
      parent: parent.store,
      commit: parent.commit,
      path: entry.path,
      oid: entry.oid,
      checkout: join(repo.top, repo.prefix + path),
    });
    if (!found) return void tree.unavailable.set(path, entry.oid);
    const m: Mount = { at: path, prefix: "", store: found, commit: entry.oid };
    mounts.push(m);
    for (const inner of await listTree(m.store, m.commit, [])) await take(m, inner);
  }

  /** Lists instance paths recursively, each in the store that holds it. */
  async function list(paths: readonly string[]): Promise<void> {
    for (const path of paths) {
      listed.push(path);
      const m = mountOf(path);
      const inStore = toStore(m, path);
      const entries = await listTree(m.store, m.commit, inStore === "" ? [] : [inStore]);
      for (const entry of entries) await take(m, entry);
      if (entries.length === 0) await mountAbove(m, path);
    }
  }

  /** A path that lists nothing may lie inside a submodule not met yet: mount it, list again. */
  async function mountAbove(m: Mount, path: string): Promise<void> {
    const parts = path.slice(m.at === "" ? 0 : m.at.length + 1).split("/");
    const ancestors = parts.slice(0, -1).map((_, i) => toStore(m, prefixed(m, parts, i)));
    if (ancestors.length === 0) return;
    const links = (await listTree(m.store, m.commit, ancestors, { recursive: false })).filter(
      (e) => e.kind === "submodule",
    );
    for (const link of links) await take(m, link); // a mounted submodule is listed whole
  }

  /** Listed already: under a folder listed whole, or in a submodule (listed whole when mounted). */
  const held = (path: string) =>
    listed.some((p) => under(path, p)) || mounts.some((m) => m.at !== "" && under(path, m.at));
  const prefixed = (m: Mount, parts: string[], i: number) =>
    (m.at === "" ? "" : m.at + "/") + parts.slice(0, i + 1).join("/");

  await list(INSTANCE_FOLDERS);
  for (let round = 0; round < MAX_LINK_ROUNDS && pendingLinks.length > 0; round++) {
    const batch = pendingLinks.splice(0);
    const wanted = new Set<string>();
    for (const [linkStore, group] of groupByStore(batch)) {
      const readable = group.filter((l) => l.size <= MAX_LINK_TARGET).map((l) => l.oid);
      const texts = await readBlobTexts(linkStore, [...new Set(readable)]);
      for (const link of group) {
        const target = texts.get(link.oid);
        const leadsTo = target === undefined ? null : linkTargetOf(link.path, target, repo);
        tree.links.set(link.path, leadsTo);
        if (leadsTo !== null && !seen.has(leadsTo) && !held(leadsTo)) wanted.add(leadsTo);
      }
    }
    await list([...wanted]);
  }
  for (const link of pendingLinks) tree.links.set(link.path, null); // past the rounds: not followed
  return tree;
}

function groupByStore<T extends { store: GitStore }>(items: readonly T[]): Map<GitStore, T[]> {
  const groups = new Map<GitStore, T[]>();
  for (const item of items) groups.set(item.store, [...(groups.get(item.store) ?? []), item]);
  return groups;
}
