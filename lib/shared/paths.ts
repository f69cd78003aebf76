/**
 * Where things live, said once: an instance's files and folders (relative to its root), the
 * files of the output folder (relative to it), and the package's own folder.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** What the operator edits: everything shortlinks reads of an instance lives under it. */
export const CUSTOM_DIR = "custom";
export const SITE_FILE = "custom/site.yaml";
/** Every `.yaml`, `.yml` and `.csv` file in it is a link source. */
export const LINKS_DIR = "custom/links";
export const CUSTOM_BLOCKLIST_FILE = "custom/blocklist.yaml";
export const TESTS_FILE = "custom/tests.yaml";
export const ACKNOWLEDGEMENTS_FILE = "custom/acknowledgements.yaml";
/** Served as they are, beside the generated files. */
export const PUBLIC_DIR = "custom/public";
export const CUSTOM_HEADERS_FILE = "custom/public/_headers";
export const CUSTOM_PAGES_DIR = "custom/pages";
export const CUSTOM_TEXTS_DIR = "custom/texts";
/** `serve`'s variables: the committed ones, then the local secrets (never committed). */
export const VARS_YAML = "custom/vars.yaml";
export const DEV_VARS_FILE = ".dev.vars";
/** An instance's own copy of the product defaults (else the package's, defaultsDirFor). */
export const DEFAULTS_DIR = "defaults";
export const DEFAULT_BLOCKLIST_FILE = "defaults/blocklist.yaml";
/** The bundle's worker as committed with the instance (`build` refreshes it, `check` compares). */
export const SRC_WORKER = "src/worker.js";
/** The output folder `build` writes and `serve` runs, unless told another. */
export const OUT_DIR = "dist";

/** In the output folder: the config wrangler and `serve` read. */
export const WRANGLER_CONFIG = "wrangler.json";
/** In the output folder: what the ASSETS binding serves. */
export const ASSETS_DIR = "assets";
/**
 * In the output folder, when site.yaml has private zones: what to protect with Cloudflare Access
 * (docs/private-links.md), beside the worker and never served.
 */
export const ACCESS_MANIFEST_FILE = "access.json";
/**
 * In the output folder: the worker sits in a folder of its own: with `no_bundle`, wrangler
 * uploads every .js/.html/.txt beside the main module as an extra module, which would upload
 * every page twice.
 */
export const WORKER_FILE = "worker/worker.js";

let cachedPackageRoot: string | undefined;

/** The shortlinks package folder, found by walking up from this file (works from lib/ and out/). */
export function packageRoot(): string {
  if (cachedPackageRoot) return cachedPackageRoot;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 10; i++) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string };
      if (pkg.name === "shortlinks") return (cachedPackageRoot = dir);
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error("cannot find the shortlinks package folder above " + import.meta.url);
}

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as {
    version: string;
  };
  return pkg.version;
}

/** The same string runtime/version.ts GENERATOR holds once bundled. */
export function generatorIdentity(): string {
  return `shortlinks/${packageVersion()}`;
}

/** `ROOT/defaults` when the instance has one, otherwise the package's own defaults. */
export function defaultsDirFor(root: string): string {
  const own = join(root, DEFAULTS_DIR);
  return existsSync(own) ? own : join(packageRoot(), DEFAULTS_DIR);
}

/** Path relative to the root with `/` separators, for diagnostics and asset lists. */
export function relativePath(root: string, file: string): string {
  return relative(root, file).split(sep).join("/");
}
