/**
 * The runtime's bundles (the worker, the pages' shared browser modules) made when the CLI itself
 * is built (scripts/build-cli.mjs runs lib/prebuild.ts), so that a command reads them instead of
 * starting esbuild. They depend on the package's runtime/ files alone, and out/cli.js is built
 * from those same files in the same step. Only out/cli.js reads them: it is built with
 * `__SHORTLINKS_PREBUILT__` true; the sources (tests, lib/prebuild.ts) bundle with esbuild
 * (docs/performance.md, "The runtime's bundles made with the CLI").
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../shared/paths.js";

declare const __SHORTLINKS_PREBUILT__: boolean | undefined;

/** Where the bundles are, relative to the package root. */
export const PREBUILT_DIR = "out/prebuilt";

/** The prebuilt bundle `name`, or undefined where there is none (the sources, a missing file). */
export function prebuilt(name: string): string | undefined {
  if (typeof __SHORTLINKS_PREBUILT__ === "undefined" || !__SHORTLINKS_PREBUILT__) return undefined;
  try {
    return readFileSync(join(packageRoot(), PREBUILT_DIR, name), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
