/**
 * The shape of an instance, checked before any reader opens a file: every path shortlinks reads
 * under ROOT, whether it must be a file or a folder, and which folders' entries are files too.
 * A folder where a file belongs (or the reverse), a symbolic link to nothing or out of the
 * instance, an entry this user cannot read, or a file larger than shortlinks reads (read-limits.ts;
 * an own defaults/ included) is SL508, one line naming the path, and the command stops there: no
 * reader meets it, so none crashes on it or holds it in memory (docs/limits.md).
 */
import { existsSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import {
  packageRoot,
  SRC_WORKER,
  ACKNOWLEDGEMENTS_FILE,
  CUSTOM_BLOCKLIST_FILE,
  CUSTOM_HEADERS_FILE,
  CUSTOM_PAGES_DIR,
  CUSTOM_TEXTS_DIR,
  DEV_VARS_FILE,
  LINKS_DIR,
  PUBLIC_DIR,
  SITE_FILE,
  TESTS_FILE,
  VARS_YAML,
  CUSTOM_DIR,
  DEFAULTS_DIR,
} from "../../shared/paths.js";
import { inspectEntry, tooLarge, type EntryKind } from "./instance-entry.js";
import { readLimitOf } from "./read-limits.js";

interface LayoutEntry {
  path: string;
  kind: EntryKind;
  /** A folder whose entries of these extensions are read as files (checked one by one). */
  files?: RegExp;
  /** Local, never committed: a link may lead anywhere (a secrets file kept elsewhere). */
  linkAnywhere?: boolean;
}

/** Parents before children: a child of a refused folder is not looked at. */
export const INSTANCE_LAYOUT: readonly LayoutEntry[] = [
  { path: CUSTOM_DIR, kind: "folder" },
  { path: SITE_FILE, kind: "file" },
  // Its entries are link sources, which SL109 judges one by one (lib/stages/1-sources/links/source-file.ts).
  { path: LINKS_DIR, kind: "folder" },
  { path: TESTS_FILE, kind: "file" },
  { path: CUSTOM_BLOCKLIST_FILE, kind: "file" },
  { path: ACKNOWLEDGEMENTS_FILE, kind: "file" },
  { path: VARS_YAML, kind: "file" },
  { path: PUBLIC_DIR, kind: "folder" },
  { path: CUSTOM_HEADERS_FILE, kind: "file" },
  { path: CUSTOM_PAGES_DIR, kind: "folder", files: /\.html$/ },
  { path: CUSTOM_TEXTS_DIR, kind: "folder", files: /\.yaml$/ },
  { path: DEFAULTS_DIR, kind: "folder" },
  { path: "src", kind: "folder" },
  { path: SRC_WORKER, kind: "file" },
  { path: DEV_VARS_FILE, kind: "file", linkAnywhere: true },
];

/** SL508 for each path of the instance that no reader may open; empty when the shape is sound. */
export async function checkInstanceShape(root: string): Promise<Diagnostic[]> {
  const problems: Diagnostic[] = [];
  const refused: string[] = [];
  const refuse = (path: string, why: string) => {
    refused.push(path);
    problems.push(diag("SL508", { file: path, line: 0 }, `${path} ${why}`));
  };
  for (const entry of INSTANCE_LAYOUT) {
    if (refused.some((parent) => entry.path.startsWith(parent + "/"))) continue;
    const found = await inspectEntry(root, entry.path, entry.kind, {
      ...entry,
      maxBytes: readLimitOf(entry.path),
    });
    if ("refused" in found) refuse(entry.path, found.refused);
    else if ("real" in found && entry.files) {
      for (const name of (await readdir(found.real)).filter((n) => entry.files!.test(n)).sort()) {
        const path = `${entry.path}/${name}`;
        const inner = await inspectEntry(root, path, "file", { maxBytes: readLimitOf(path) });
        if ("refused" in inner) refuse(path, inner.refused);
      }
    }
  }
  if (!refused.includes(DEFAULTS_DIR)) {
    for (const [path, size] of await oversizedDefaults(root))
      refuse(path, tooLarge(size, readLimitOf(path)));
    const missing = await missingDefaults(root);
    if (missing.length > 0)
      refuse(
        DEFAULTS_DIR,
        `is an incomplete copy of the product defaults: it has no ${missing.slice(0, 3).join(", ")}${missing.length > 3 ? ` (and ${missing.length - 3} more)` : ""}; copy the whole folder from the package, or remove it to use the package's own`,
      );
  }
  return problems;
}

/** Files of an instance's own `defaults/` (every one is read) larger than shortlinks reads. */
async function oversizedDefaults(root: string): Promise<[string, number][]> {
  const own = join(root, DEFAULTS_DIR);
  if (!existsSync(own) || resolve(own) === resolve(join(packageRoot(), DEFAULTS_DIR))) return [];
  const out: [string, number][] = [];
  for (const entry of await readdir(own, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    const file = join(entry.parentPath, entry.name);
    const path = relative(root, file).split(sep).join("/");
    const info = await stat(file).catch(() => undefined); // a link to nothing: its reader says so
    if (info?.isFile() && info.size > readLimitOf(path)) out.push([path, info.size]);
  }
  return out.sort(([a], [b]) => (a < b ? -1 : 1));
}

/**
 * What an instance's own `defaults/` lacks of the package's (its `init/` templates aside): the
 * build reads ROOT/defaults in place of the package's whenever it exists, file by file.
 */
async function missingDefaults(root: string): Promise<string[]> {
  const own = join(root, DEFAULTS_DIR);
  const packaged = join(packageRoot(), DEFAULTS_DIR);
  if (!existsSync(own) || resolve(own) === resolve(packaged)) return [];
  const needed = (await readdir(packaged, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(packaged, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((path) => !path.startsWith("init/"))
    .sort();
  return needed.filter((path) => !existsSync(join(own, path)));
}
