/**
 * May this command write here? The one rule of every command that writes (docs/limits.md,
 * "Where commands write"):
 *
 * - the path names a file whose folders exist (qr creates none) or may be created (the
 *   instance's own folders, for add, import and init), never a folder, and never a way through a
 *   file or a symbolic link out of the instance;
 * - the instance's own files (custom/, defaults/, src/, dist/, vendor/, .git/, .github/, package.json,
 *   .gitignore, .dev.vars, ...) are written only by the command that exists to write them: add
 *   and import write link sources, init the files of a new instance;
 * - an existing file is replaced only when the command wrote it (it recognises its own output)
 *   or the user said so (`--force`, never for the instance's own files).
 *
 * A bundle folder (build --out, serve --out) follows the same ideas for a whole folder
 * (out-dir.ts). Every refusal is SL113 (SL340/SL341 for a bundle folder): one line, exit 2.
 */
import { lstat, readFile, stat } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, sep } from "node:path";
import { diag, type Diagnostic } from "../diagnostics.js";
import { displayPath } from "./display-path.js";
import { outDirProblem, realpathOf } from "./out-dir.js";
import { CUSTOM_DIR, DEFAULTS_DIR, DEV_VARS_FILE, OUT_DIR } from "../paths.js";

/** Folders at an instance's top that hold its sources, generated files and tools' files. */
const OWN_DIRS = [
  CUSTOM_DIR,
  DEFAULTS_DIR,
  "src",
  OUT_DIR,
  ".git",
  ".github",
  "node_modules",
  ".wrangler",
  "vendor",
];
/** Files at an instance's top that belong to it or its tools. */
const OWN_FILES = [
  "package.json",
  "package-lock.json",
  ".gitignore",
  DEV_VARS_FILE,
  "wrangler.json",
  "wrangler.jsonc",
  "wrangler.toml",
];
const LINK_SOURCE = /^custom\/links\/[^/]+\.(ya?ml|csv)$/i;
/** A file the site serves as content: under custom/public/, not a `_` or `.` configuration file. */
const PUBLIC_FILE = /^custom\/public\/(?:[^/]+\/)*[^_./][^/]*$/;
/** An existing file read to recognise a command's own output, at most this large. */
const OURS_MAX_BYTES = 1024 * 1024;

/** What a path is to the instance at a root (both real paths). */
export type InstancePart = "outside" | "free" | "public" | "link source" | "own";

export function instancePart(realRoot: string, realPath: string): InstancePart {
  const rel = relative(realRoot, realPath);
  if (rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return "outside";
  if (rel === "") return "own";
  const path = rel.split(sep).join("/");
  const fold = (text: string) =>
    process.platform === "darwin" || process.platform === "win32" ? text.toLowerCase() : text;
  const first = fold(path.split("/")[0]);
  if (LINK_SOURCE.test(path)) return "link source";
  if (PUBLIC_FILE.test(fold(path))) return "public";
  if (OWN_DIRS.includes(first)) return "own";
  if (!path.includes("/") && OWN_FILES.includes(first)) return "own";
  return "free";
}

export type WriteIntent =
  /** A file the user names (qr --svg): anywhere but the instance's own files. */
  | { kind: "output"; command: string; ours: (bytes: Buffer) => boolean; force?: boolean }
  /** A link source: add appends to one, import creates new ones (SL855 when one exists). */
  | { kind: "link source"; command: string }
  /** A file of a new instance (init): created where nothing is, an existing file kept. */
  | { kind: "new instance"; command: string }
  /** A bundle folder, replaced whole (build --out, serve --out). */
  | { kind: "bundle" };

/** Undefined when the command may write `file`; the refusal otherwise. */
export async function writeProblem(
  root: string,
  file: string,
  intent: WriteIntent,
): Promise<Diagnostic | undefined> {
  if (intent.kind === "bundle") return outDirProblem(root, file);
  const at = { file: displayPath(file), line: 0 };
  const refuse = (why: string, hint?: string) =>
    diag("SL113", at, `${intent.command} will not write ${at.file}: ${why}`, hint);
  const folder = await folderProblem(dirname(file), intent.kind !== "output");
  if (folder) return refuse(folder);
  const entry = await lstatOf(file);
  if (entry?.isDirectory()) return refuse("it is a folder; name a file");
  if (entry?.isSymbolicLink() && intent.kind !== "link source")
    return refuse("it is a symbolic link; name the file it leads to");
  if (entry && !entry.isFile() && !entry.isSymbolicLink())
    return refuse("it is not a regular file (a pipe, socket or device)");
  const realRoot = await realpathOf(root);
  const part = instancePart(realRoot, await realpathOf(file));
  if (intent.kind === "link source") {
    const named = instancePart(realRoot, join(await realpathOf(dirname(file)), basename(file)));
    if (named !== "link source")
      return refuse(
        "it is not a link source",
        "link sources are custom/links/NAME.yaml, .yml or .csv",
      );
    // Through a symbolic link: to a file elsewhere in the instance (or, refused unread by SL109,
    // outside it), never to another of the instance's own files.
    if (part === "own" || part === "public")
      return refuse("it is a symbolic link to another file of the instance, not a link source");
    return undefined;
  }
  if (intent.kind === "new instance") {
    if (part === "outside") return refuse("it leads out of the new instance's folder");
    return undefined;
  }
  if (part === "own" || part === "link source")
    return refuse(
      "it is the instance's own file, which only the command made for it writes",
      "name a file outside custom/, defaults/, src/ and dist/ of the instance",
    );
  if (!entry || (await wroteIt(file, intent.ours))) return undefined;
  if (intent.force && part !== "public") return undefined;
  return refuse(
    `it exists, and ${intent.command} did not write it`,
    part === "public"
      ? "name a new file: custom/public/ holds the files the site serves"
      : "pass --force to replace it, or name a new file",
  );
}

/** Why `dir` cannot hold the file: a missing folder (unless it may be made) or a file. */
async function folderProblem(dir: string, mayCreate: boolean): Promise<string | undefined> {
  let nearest = dir;
  let entry = await lstatOf(nearest);
  while (entry === undefined && dirname(nearest) !== nearest) {
    nearest = dirname(nearest);
    entry = await lstatOf(nearest);
  }
  const info = entry?.isSymbolicLink() ? await stat(nearest).catch(() => undefined) : entry;
  if (info === undefined)
    return `${displayPath(nearest)} is ${entry ? "a symbolic link to nothing" : "missing"}`;
  if (!info.isDirectory()) return `${displayPath(nearest)} is a file, not a folder`;
  if (nearest !== dir && !mayCreate)
    return `its folder ${displayPath(dir)} does not exist (no folder is created)`;
  return undefined;
}

/** The entry at `path` without following a link; undefined when nothing is there. */
async function lstatOf(path: string) {
  try {
    return await lstat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw error;
  }
}

async function wroteIt(file: string, ours: (bytes: Buffer) => boolean): Promise<boolean> {
  if ((await stat(file)).size > OURS_MAX_BYTES) return false;
  return ours(await readFile(file));
}
