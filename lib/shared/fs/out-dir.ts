/**
 * Where `build` may write. Every build replaces its output folder whole, so the folder must never
 * be the instance, hold it, lie among its sources, or be a folder someone else filled: only a
 * missing folder, an empty one, or a previous bundle may be replaced (docs/limits.md).
 */
import { lstat, readdir, readFile, realpath } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, sep } from "node:path";
import { diag, type Diagnostic } from "../diagnostics.js";
import { displayPath } from "./display-path.js";
import {
  ACCESS_MANIFEST_FILE,
  ASSETS_DIR,
  CUSTOM_DIR,
  DEFAULTS_DIR,
  WORKER_FILE,
  WRANGLER_CONFIG,
} from "../paths.js";

/** Instance folders a bundle may never be written into or over. */
const PROTECTED_DIRS = [CUSTOM_DIR, DEFAULTS_DIR, ".git"];
/**
 * What a bundle holds at its top level: `.wrangler` is wrangler's own cache beside the config, and
 * bundles written before the worker moved into `worker/` had `worker.js` at the top.
 */
const BUNDLE_ENTRIES = new Set([
  WRANGLER_CONFIG,
  WORKER_FILE.split("/")[0],
  ASSETS_DIR,
  ACCESS_MANIFEST_FILE,
  ".wrangler",
  "worker.js",
]);
const BUNDLE_MAINS = new Set([WORKER_FILE, "worker.js"]);

/** Undefined when `outDir` may be replaced by a bundle of `root`; the refusal otherwise. */
export async function outDirProblem(root: string, outDir: string): Promise<Diagnostic | undefined> {
  const at = { file: displayPath(outDir), line: 0 };
  const fix = "; pass --out with a new or empty folder, or a previous bundle";
  const realRoot = await realpathOf(root);
  const realOut = await realpathOf(outDir);
  const up = relative(realOut, realRoot);
  if (up === "" || !(up.startsWith("..") || isAbsolute(up))) {
    const what = up === "" ? "is the instance folder itself" : "holds the instance folder";
    return diag("SL340", at, `refusing to replace ${at.file}: it ${what}${fix}`);
  }
  const down = relative(realRoot, realOut);
  const first = down.split(sep)[0];
  if (!down.startsWith("..") && !isAbsolute(down) && isProtected(first)) {
    return diag("SL340", at, `refusing to write a bundle inside ${first}/ of the instance${fix}`);
  }
  const foreign = await foreignContent(outDir);
  if (foreign) return diag("SL341", at, `refusing to replace ${at.file}: ${foreign}${fix}`);
  return undefined;
}

/** Why `dir` is not a folder `build` may replace; undefined when missing, empty or a bundle. */
async function foreignContent(dir: string): Promise<string | undefined> {
  let kind;
  try {
    kind = await lstat(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    if (code === "ENOTDIR") return "a folder on its way is a file";
    throw error;
  }
  if (kind.isSymbolicLink()) return "it is a symbolic link (name the folder it points to)";
  if (!kind.isDirectory()) return "it is a file, not a folder";
  const entries = await readdir(dir);
  if (entries.length === 0) return undefined;
  const stray = entries.sort().find((name) => !BUNDLE_ENTRIES.has(name));
  if (stray !== undefined) return `it holds ${stray}, which no bundle has`;
  const config = await ourWranglerConfig(join(dir, WRANGLER_CONFIG));
  if (config === "missing") return "it has no wrangler.json, which every bundle has";
  if (config === "foreign") return "its wrangler.json was not written by shortlinks build";
  return undefined;
}

async function ourWranglerConfig(file: string): Promise<"ours" | "foreign" | "missing"> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "missing";
    throw error;
  }
  try {
    const config = JSON.parse(text) as { main?: unknown; assets?: { directory?: unknown } };
    return BUNDLE_MAINS.has(String(config.main)) && config.assets?.directory === "./assets"
      ? "ours"
      : "foreign";
  } catch (error) {
    if (error instanceof SyntaxError) return "foreign";
    throw error;
  }
}

function isProtected(name: string): boolean {
  // Folder names compare without case where the file system usually ignores it.
  const fold = process.platform === "darwin" || process.platform === "win32";
  return PROTECTED_DIRS.some((p) => (fold ? p.toLowerCase() === name.toLowerCase() : p === name));
}

/** The real path of `path`, or of its nearest existing ancestor with the rest appended. */
export async function realpathOf(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
    const parent = dirname(path);
    if (parent === path) return path;
    return join(await realpathOf(parent), basename(path));
  }
}
