/**
 * The published package as a user gets it: `npm pack` of this checkout, installed into an empty
 * folder. The install uses a lockfile cut from ours (the tarball plus our production
 * dependencies at their locked versions), so npm needs no registry metadata and takes every
 * tarball from its cache: offline once `npm install` has run here, and a few seconds long.
 */
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { REPO } from "./build-instance.js";

const run = promisify(execFile);

interface LockEntry {
  dev?: boolean;
  [field: string]: unknown;
}

interface PackResult {
  filename: string;
  files: { path: string }[];
}

async function npm(args: string[], cwd: string): Promise<string> {
  const { stdout } = await run("npm", args, { cwd, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/** The paths `npm pack` would publish, sorted. */
export async function packedFileList(): Promise<string[]> {
  const stdout = await npm(["pack", "--dry-run", "--json", "--ignore-scripts"], REPO);
  const [result] = JSON.parse(stdout) as PackResult[];
  return result.files.map((file) => file.path).sort();
}

/** Packs this checkout into `dir` (out/ is built by the global setup) and returns the tarball. */
export async function packTarball(dir: string): Promise<string> {
  const args = ["pack", "--json", "--ignore-scripts", "--pack-destination", dir];
  const [result] = JSON.parse(await npm(args, REPO)) as PackResult[];
  return join(dir, result.filename);
}

/** Installs `tarball` into the empty folder `dir`; returns the installed `shortlinks` binary. */
export async function installTarball(tarball: string, dir: string): Promise<string> {
  const ours = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as Record<
    string,
    unknown
  >;
  const lock = JSON.parse(readFileSync(join(REPO, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  const spec = `file:${tarball}`;
  const manifest = { name: "packed-install", private: true, dependencies: { shortlinks: spec } };
  const packages: Record<string, unknown> = {
    "": manifest,
    "node_modules/shortlinks": {
      version: ours.version,
      resolved: spec,
      license: ours.license,
      dependencies: ours.dependencies,
      bin: ours.bin,
      engines: ours.engines,
    },
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path.startsWith("node_modules/") && !entry.dev) packages[path] = entry;
  }
  writeFileSync(join(dir, "package.json"), JSON.stringify(manifest, null, 2));
  writeFileSync(
    join(dir, "package-lock.json"),
    JSON.stringify({ name: manifest.name, lockfileVersion: 3, requires: true, packages }, null, 2),
  );
  // As docs/install.md says to install it: no dependency's install script is needed.
  await npm(["ci", "--ignore-scripts", "--prefer-offline", "--no-audit", "--no-fund"], dir);
  return join(dir, "node_modules/.bin/shortlinks");
}
