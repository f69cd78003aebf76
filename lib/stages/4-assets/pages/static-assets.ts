/**
 * Product static files under /assets/: everything in defaults/static/, plus the runtime modules
 * the page scripts share with the worker, bundled for the browser so both run the same code.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../../shared/paths.js";
import { prebuilt } from "../../5-bundle/prebuilt.js";
import { STATIC_DIR } from "../../../../runtime/routes.js";
import { appendAll } from "../../../shared/lists.js";

export interface PageFile {
  path: string;
  content: string | Uint8Array;
}

/** Browser module name -> runtime source (relative to the package root). */
export const SHARED_MODULES: Record<string, string> = {
  "lookup-result.js": "runtime/pages/lookup-result.ts",
};

const TEXT_EXTENSIONS = /\.(css|js|mjs|svg|txt|json|map|html)$/i;

function listFiles(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  )) {
    const rel = prefix + entry.name;
    if (entry.isDirectory()) appendAll(out, listFiles(join(dir, entry.name), rel + "/"));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

export function readStaticFiles(defaultsDir: string): PageFile[] {
  const dir = join(defaultsDir, "static");
  return listFiles(dir).map((rel) => {
    const bytes = readFileSync(join(dir, rel));
    return {
      path: STATIC_DIR + rel,
      content: TEXT_EXTENSIONS.test(rel) ? bytes.toString("utf8") : new Uint8Array(bytes),
    };
  });
}

export async function bundleSharedModules(runtimeRoot = packageRoot()): Promise<PageFile[]> {
  const files: PageFile[] = [];
  for (const [name, source] of Object.entries(SHARED_MODULES)) {
    const made = runtimeRoot === packageRoot() ? prebuilt(name) : undefined;
    if (made !== undefined) {
      files.push({ path: STATIC_DIR + name, content: made });
      continue;
    }
    // Imported here: a command that reads the prebuilt bundles never loads esbuild.
    const { build } = await import("esbuild");
    const result = await build({
      entryPoints: [join(runtimeRoot, source)],
      bundle: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      minify: true,
      write: false,
      legalComments: "none",
      logLevel: "silent",
    });
    files.push({ path: STATIC_DIR + name, content: result.outputFiles[0].text });
  }
  return files;
}
