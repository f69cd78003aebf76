/**
 * The runtime, bundled by esbuild into one ESM file for workerd. Readable (not minified): the
 * committed src/worker.js copy is then reviewable in a diff, and Workers compress the upload
 * anyway. Deterministic: paths are relative to the package folder, no sourcemap, no timestamps.
 */
import { join } from "node:path";
import { packageRoot, packageVersion } from "../../shared/paths.js";
import { prebuilt } from "./prebuilt.js";

export const WORKER_ENTRY = "runtime/worker.ts";
/** The worker's prebuilt bundle (prebuilt.ts). */
export const PREBUILT_WORKER = "worker.js";

export interface BundledWorker {
  code: string;
  bytes: number;
}

/** `entry` is for tests that bundle one runtime module exactly as the worker is bundled. */
export async function bundleWorker(entry = WORKER_ENTRY): Promise<BundledWorker> {
  const made = entry === WORKER_ENTRY ? prebuilt(PREBUILT_WORKER) : undefined;
  if (made !== undefined) return { code: made, bytes: Buffer.byteLength(made) };
  const root = packageRoot();
  // Imported here: a command that reads the prebuilt bundle never loads esbuild.
  const { build } = await import("esbuild");
  const result = await build({
    absWorkingDir: root,
    entryPoints: [join(root, entry)],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    conditions: ["workerd", "worker", "browser"],
    target: "es2022",
    minify: false,
    sourcemap: false,
    legalComments: "none",
    charset: "utf8",
    define: { __SHORTLINKS_VERSION__: JSON.stringify(packageVersion()) },
    logLevel: "silent",
  });
  const code = result.outputFiles[0].text;
  return { code, bytes: Buffer.byteLength(code) };
}
