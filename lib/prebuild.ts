/**
 * Run by scripts/build-cli.mjs right after it bundles out/cli.js: writes the runtime's bundles to
 * out/prebuilt/, which out/cli.js then reads instead of starting esbuild
 * (lib/stages/5-bundle/prebuilt.ts).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "./shared/paths.js";
import { bundleSharedModules } from "./stages/4-assets/pages/static-assets.js";
import { bundleWorker, PREBUILT_WORKER } from "./stages/5-bundle/bundle-worker.js";
import { PREBUILT_DIR } from "./stages/5-bundle/prebuilt.js";
import { STATIC_DIR } from "../runtime/routes.js";

export async function prebuild(): Promise<string[]> {
  const dir = join(packageRoot(), PREBUILT_DIR);
  mkdirSync(dir, { recursive: true });
  const files = [{ name: PREBUILT_WORKER, text: (await bundleWorker()).code }];
  for (const file of await bundleSharedModules())
    files.push({ name: file.path.slice(STATIC_DIR.length), text: String(file.content) });
  for (const { name, text } of files) writeFileSync(join(dir, name), text);
  return files.map((f) => f.name);
}
