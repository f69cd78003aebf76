/**
 * The runtime, bundled by esbuild into one ESM file for workerd. Readable (not minified): the
 * committed src/worker.js copy is then reviewable in a diff, and Workers compress the upload
 * anyway. Deterministic: paths are relative to the package folder, no sourcemap, no timestamps.
 */
import { build } from "esbuild";
import { join } from "node:path";
import { packageRoot, packageVersion } from "../../shared/paths.js";

export const WORKER_ENTRY = "runtime/worker.ts";

export interface BundledWorker {
  code: string;
  bytes: number;
}

/** `entry` is for tests that bundle one runtime module exactly as the worker is bundled. */
export async function bundleWorker(entry = WORKER_ENTRY): Promise<BundledWorker> {
  const root = packageRoot();
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
