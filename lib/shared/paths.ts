/** Where things live: the package's own folder and an instance's folders. */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** The bundle's worker as committed with the instance (`build` refreshes it, `check` compares). */
export const SRC_WORKER = "src/worker.js";

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
  const own = join(root, "defaults");
  return existsSync(own) ? own : join(packageRoot(), "defaults");
}

/** Path relative to the root with `/` separators, for diagnostics and asset lists. */
export function relativePath(root: string, file: string): string {
  return relative(root, file).split(sep).join("/");
}
