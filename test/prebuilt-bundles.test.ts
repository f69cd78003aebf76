/**
 * The runtime's bundles made with the CLI (out/prebuilt/, lib/stages/5-bundle/prebuilt.ts): each
 * is what esbuild makes of the runtime's sources now, and out/cli.js serves them instead of
 * starting esbuild. A copy of the package whose prebuilt worker was altered shows which one a
 * command used: `check` compares src/worker.js with the bundle a build would write (SL320).
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bundleSharedModules } from "../lib/stages/4-assets/pages/static-assets.js";
import { bundleWorker, PREBUILT_WORKER } from "../lib/stages/5-bundle/bundle-worker.js";
import { PREBUILT_DIR } from "../lib/stages/5-bundle/prebuilt.js";
import { STATIC_DIR } from "../runtime/routes.js";
import { REPO } from "./support/build-instance.js";

const prebuiltFile = (root: string, name: string) =>
  readFileSync(join(root, PREBUILT_DIR, name), "utf8");

/** The package as npm installs it (bin, out, runtime, defaults), its packages linked. */
function packageCopy(): string {
  const root = mkdtempSync(join(tmpdir(), "shortlinks-prebuilt-"));
  for (const part of ["bin", "out", "runtime", "defaults", "package.json"])
    cpSync(join(REPO, part), join(root, part), { recursive: true });
  symlinkSync(join(REPO, "node_modules"), join(root, "node_modules"));
  return root;
}

const checkExample = (cli: string) =>
  spawnSync(process.execPath, [join(cli, "bin", "shortlinks.js"), "check", "--root", REPO], {
    encoding: "utf8",
  });

describe("the runtime's bundles made with the CLI", () => {
  it("the prebuilt worker is the bundle esbuild makes of runtime/ now", async () => {
    expect(prebuiltFile(REPO, PREBUILT_WORKER)).toBe((await bundleWorker()).code);
  });

  it("each prebuilt page module is the bundle esbuild makes of its source now", async () => {
    const modules = await bundleSharedModules();
    expect(modules.length).toBeGreaterThan(0);
    for (const file of modules)
      expect(prebuiltFile(REPO, file.path.slice(STATIC_DIR.length))).toBe(file.content);
  });

  it("out/cli.js serves the prebuilt worker: an altered one is the bundle check compares", () => {
    const cli = packageCopy();
    expect(checkExample(cli).status).toBe(0);
    const worker = join(cli, PREBUILT_DIR, PREBUILT_WORKER);
    writeFileSync(worker, prebuiltFile(cli, PREBUILT_WORKER) + "// altered\n");
    const altered = checkExample(cli);
    expect(altered.status).toBe(1);
    expect(altered.stdout + altered.stderr).toContain("SL320");
  });
});
