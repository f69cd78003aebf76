/**
 * npm 12 blocks every dependency install script that `allowScripts` in package.json does not
 * approve (npm 11 runs it with a warning). Each one is ruled on, in this repository and in the
 * package.json `init` writes, so no install ends with a script nobody decided on; docs/install.md
 * says why each is denied. The lockfiles say which packages have install scripts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "./support/build-instance.js";
import { lockClosure, TOOLS_LOCK } from "./support/instance-lock.js";

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  allowScripts?: Record<string, boolean>;
}
type Packages = Record<string, { hasInstallScript?: boolean; dev?: boolean; version?: string }>;

const json = <T>(path: string): T => JSON.parse(readFileSync(join(REPO, path), "utf8")) as T;
const ours = json<Manifest>("package.json");
const ourLock = json<{ packages: Packages }>("package-lock.json").packages;
const toolsLock = (JSON.parse(readFileSync(TOOLS_LOCK, "utf8")) as { packages: Packages }).packages;
const template = json<Manifest>("defaults/init/package.json");

/** The package names, among these lockfile paths, that have an install script. */
function withInstallScripts(packages: Packages, paths: string[]): string[] {
  const names = paths
    .filter((path) => packages[path].hasInstallScript)
    .map((path) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length));
  return [...new Set(names)].sort();
}

describe("allowScripts rules on every install script", () => {
  it("this repository: every package of its lockfile with an install script, and no other", () => {
    const paths = Object.keys(ourLock).filter((path) => path !== "");
    expect(withInstallScripts(ourLock, paths).length).toBeGreaterThan(0);
    expect(Object.keys(ours.allowScripts ?? {}).sort()).toEqual(withInstallScripts(ourLock, paths));
  });

  it("an instance: shortlinks' and the pinned wrangler's trees, and shortlinks' own prepare", () => {
    const shortlinksTree = Object.keys(ours.dependencies ?? {}).flatMap((name) =>
      lockClosure(ourLock, `node_modules/${name}`),
    );
    const wranglerTree = lockClosure(toolsLock, "node_modules/wrangler");
    const expected = new Set([
      ...withInstallScripts(ourLock, shortlinksTree),
      ...withInstallScripts(toolsLock, wranglerTree),
      // A tarball is not a registry source: npm counts its `prepare` as an install script.
      "shortlinks",
    ]);
    expect(Object.keys(template.allowScripts ?? {}).sort()).toEqual([...expected].sort());
  });

  it("the wrangler an instance pins is the one the Node 24 pass installs and dry-runs", () => {
    expect(template.devDependencies?.wrangler).toBe(toolsLock["node_modules/wrangler"].version);
    expect(json<Manifest>("test/toolchain/node24-tools/package.json").dependencies?.wrangler).toBe(
      template.devDependencies?.wrangler,
    );
  });
});
