/**
 * A lockfile for an instance that `shortlinks init` wrote, so `npm install --prefer-offline` there
 * takes every package from the npm cache (our `npm install` put
 * shortlinks' dependencies there, scripts/test-node24.mjs the instance's wrangler) and shortlinks
 * itself from the instance's vendored tarball. shortlinks' dependencies keep the places our
 * lockfile gives them; wrangler's whole tree is nested under node_modules/wrangler/, where
 * Node's resolution finds it first, so the two trees never compete for a place.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "./build-instance.js";

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  [field: string]: unknown;
}

type Packages = Record<string, LockEntry>;

/** The lockfile of the pinned tools the Node 24 pass installs (npm 12, the instance's wrangler). */
export const TOOLS_LOCK = join(REPO, "test/toolchain/node24-tools/package-lock.json");

function packagesOf(lockfile: string): Packages {
  return (JSON.parse(readFileSync(lockfile, "utf8")) as { packages: Packages }).packages;
}

/** Where Node finds `name` from the package at `from`: its own node_modules, then its parents'. */
function resolveFrom(packages: Packages, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = base === "" ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (base === "") return undefined;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut === -1 ? "" : base.slice(0, cut);
  }
}

/** The package at `start` and everything it depends on, transitively, by lockfile path. */
export function lockClosure(packages: Packages, start: string): string[] {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const path = queue.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const entry = packages[path];
    const wanted = [
      ...Object.keys(entry.dependencies ?? {}).map((name) => ({ name, optional: false })),
      ...Object.keys(entry.optionalDependencies ?? {}).map((name) => ({ name, optional: true })),
    ];
    for (const { name, optional } of wanted) {
      const found = resolveFrom(packages, path, name);
      if (found) queue.push(found);
      else if (!optional) throw new Error(`${path} needs ${name}, which the lockfile lacks`);
    }
  }
  return [...seen].sort();
}

/**
 * Writes INSTANCE/package-lock.json for the instance's package.json: shortlinks from the
 * tarball its `devDependencies.shortlinks` names (`file:...`), wrangler from the tools lock.
 */
export function writeInstanceLock(instance: string): void {
  const manifest = JSON.parse(readFileSync(join(instance, "package.json"), "utf8")) as {
    name: string;
    devDependencies: Record<string, string>;
  };
  const ours = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as LockEntry;
  const repoPackages = packagesOf(join(REPO, "package-lock.json"));
  const tools = packagesOf(TOOLS_LOCK);
  const wrangler = tools["node_modules/wrangler"];
  if (wrangler?.version !== manifest.devDependencies.wrangler)
    throw new Error(
      `the instance pins wrangler ${manifest.devDependencies.wrangler}, the tools lock has ${wrangler?.version}`,
    );

  const packages: Packages = {
    "": { name: manifest.name, devDependencies: manifest.devDependencies },
    "node_modules/shortlinks": {
      version: ours.version,
      resolved: manifest.devDependencies.shortlinks,
      dev: true,
      license: ours.license,
      dependencies: ours.dependencies,
      bin: ours.bin,
      engines: ours.engines,
    },
  };
  for (const name of Object.keys(ours.dependencies ?? {}))
    for (const path of lockClosure(repoPackages, `node_modules/${name}`))
      packages[path] = { ...repoPackages[path], dev: true };
  const root = "node_modules/wrangler";
  for (const path of lockClosure(tools, root)) {
    const nested = path === root || path.startsWith(`${root}/`) ? path : `${root}/${path}`;
    if (packages[nested]) throw new Error(`${path} and ${nested} of the tools lock would collide`);
    packages[nested] = { ...tools[path], dev: true };
  }
  const lock = { name: manifest.name, lockfileVersion: 3, requires: true, packages };
  writeFileSync(join(instance, "package-lock.json"), JSON.stringify(lock, null, 2) + "\n");
}
