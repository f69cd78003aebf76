/**
 * Which shortlinks a new instance depends on (docs/install.md). Until shortlinks is on the npm
 * registry, init packs the running package with `npm pack` (the files a publish would ship) into
 * the instance's vendor/ folder, and the instance depends on that tarball: it installs alike on
 * the user's machine and in the instance's workflow, which checks it out from git.
 * `--package SPEC` writes SPEC instead (a registry version once published) and vendors nothing.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { packageRoot } from "../../shared/paths.js";

const run = promisify(execFile);

/** The instance's folder for the packed shortlinks, committed with the instance. */
export const VENDOR_DIR = "vendor";

export interface PackageChoice {
  /** The value of `devDependencies.shortlinks` in the instance's package.json. */
  spec: string;
  /** Files to create in the instance: the vendored tarball, if any. */
  files: { path: string; content: Uint8Array }[];
}

export type PackageResult = { ok: true; choice: PackageChoice } | { ok: false; reason: string };

/**
 * A `--package` value as a dependency spec: `0.2.0`, `shortlinks@0.2.0`, `^0.2.0`,
 * `file:../shortlinks-0.2.0.tgz`, `github:OWNER/shortlinks#v0.2.0`; undefined when it is not one.
 */
export function packageSpecOf(value: string): string | undefined {
  const spec = value.trim().replace(/^shortlinks@/, "");
  return spec === "" || /\s/.test(spec) ? undefined : spec;
}

/** The given spec, or the running package packed into vendor/. */
export async function choosePackage(spec: string | undefined): Promise<PackageResult> {
  if (spec !== undefined) return { ok: true, choice: { spec, files: [] } };
  const scratch = await mkdtemp(join(tmpdir(), "shortlinks-pack-"));
  try {
    const tarball = await packRunningPackage(scratch);
    const path = `${VENDOR_DIR}/${tarball.name}`;
    const content = await readFile(join(scratch, tarball.name));
    return { ok: true, choice: { spec: `file:${path}`, files: [{ path, content }] } };
  } catch (error) {
    return {
      ok: false,
      reason:
        `could not pack this shortlinks into ${VENDOR_DIR}/ (npm pack: ${firstLine(error)}); ` +
        "pass --package SPEC to depend on a published version instead",
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** `npm pack` of the package this CLI runs from, scripts off: its `files`, nothing else. */
async function packRunningPackage(into: string): Promise<{ name: string }> {
  const args = ["pack", packageRoot(), "--json", "--ignore-scripts", "--pack-destination", into];
  const { stdout } = await run("npm", args, { maxBuffer: 16 * 1024 * 1024 });
  const [result] = JSON.parse(stdout) as { filename: string }[];
  return { name: result.filename };
}

function firstLine(error: unknown): string {
  const err = error as { stderr?: string; message?: string };
  const text = (err.stderr?.trim() || err.message || String(error)).split("\n");
  return text.find((line) => /error/i.test(line)) ?? text[0];
}
