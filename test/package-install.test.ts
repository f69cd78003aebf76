/**
 * The packed tarball, installed into an empty folder, is a working `shortlinks`: a file missing
 * from package.json `files` (or a dependency missing from `dependencies`) fails here.
 */
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildInstance, CASE_INSTANCE, type BuiltInstance } from "./support/build-instance.js";
import { installTarball, packTarball } from "./support/packed.js";

const run = promisify(execFile);

/**
 * The worker a build wrote, with esbuild's module path comments made layout-free: from a
 * checkout a dependency is `// node_modules/jose/...`, from an install `// ../jose/...`.
 */
async function worker(out: string): Promise<string> {
  const code = await readFile(join(out, "worker/worker.js"), "utf8");
  return code.replace(/^(\s*\/\/ )(?:\.\.\/)+(?!node_modules\/)/gm, "$1node_modules/");
}
let scratch: string;
let shortlinks: string;
let fromCheckout: BuiltInstance;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "shortlinks-packed-"));
  const [tarball, built] = await Promise.all([packTarball(scratch), buildInstance(CASE_INSTANCE)]);
  fromCheckout = built;
  const project = await mkdtemp(join(scratch, "project-"));
  shortlinks = await installTarball(tarball, project);
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
  if (fromCheckout) await rm(fromCheckout.root, { recursive: true, force: true });
});

describe("shortlinks installed from the packed tarball", () => {
  it("--help lists the commands", async () => {
    const { stdout } = await run(shortlinks, ["--help"]);
    for (const command of ["build", "check", "add", "explain", "serve"]) {
      expect(stdout).toMatch(new RegExp(`^  ${command}\\b`, "m"));
    }
  });

  it("build on a small instance writes the same worker as this checkout does", async () => {
    const root = join(scratch, "instance");
    await cp(CASE_INSTANCE, root, { recursive: true });
    const out = join(root, "dist");
    const { stdout } = await run(shortlinks, ["build", "--root", root, "--out", out]);
    expect(stdout).toMatch(/^built \d+ links/m);
    expect(await worker(out)).toBe(await worker(fromCheckout.out));
    const siteConfig = (dir: string) =>
      readFile(join(dir, "assets/links-site-config.json"), "utf8");
    expect(await siteConfig(out)).toBe(await siteConfig(fromCheckout.out));
  });

  it("check passes on a small instance once it is built (src/worker.js is current)", async () => {
    const root = join(scratch, "checked");
    await cp(CASE_INSTANCE, root, { recursive: true });
    await run(shortlinks, ["build", "--root", root]);
    const { stdout } = await run(shortlinks, ["check", "--root", root]);
    expect(stdout).toMatch(/^ok: \d+ links, 0 errors/m);
  });
});
