/** custom/public/**: files copied to the assets directory, listed with type, hash and CSP profile. */
import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { isReservedKey, STATIC_DIR } from "../../../../runtime/routes.js";
import { foldCase } from "../../../../runtime/case-fold.js";
import {
  contentTypeOf,
  CUSTOM_ASSETS_SCHEMA,
  isHtmlPath,
  MAX_ASSET_BYTES,
  type CustomAssets,
} from "../../../../runtime/contract/index.js";
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { appendAll } from "../../../shared/lists.js";
import { PUBLIC_DIR } from "../../../shared/paths.js";

/** Files Cloudflare would treat as configuration rather than content. */
const PLATFORM_FILES = new Set(["_redirects", "_routes.json", "_worker.js", ".assetsignore"]);

export interface CustomFile {
  /** Public path, e.g. `/hello.html`. */
  path: string;
  content: Uint8Array;
}

export interface LoadedCustomFiles {
  files: CustomFile[];
  manifest: CustomAssets;
  diagnostics: Diagnostic[];
}

export async function loadCustomFiles(root: string): Promise<LoadedCustomFiles> {
  const base = join(root, PUBLIC_DIR);
  const rels = await listFiles(base);
  const files: CustomFile[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const rel of rels) {
    const at = { file: `${PUBLIC_DIR}/${rel}`, line: 0 };
    if (rel === "_headers") continue;
    const path = "/" + rel;
    const key = foldCase(rel);
    if (PLATFORM_FILES.has(key)) {
      diagnostics.push(
        diag(
          "SL504",
          at,
          `${rel} would configure the platform, not serve content`,
          "headers go in custom/public/_headers; redirects are links",
        ),
      );
      continue;
    }
    if (isReservedKey(key) || foldCase(path).startsWith(STATIC_DIR)) {
      diagnostics.push(
        diag(
          "SL504",
          at,
          `${path} belongs to the product (reserved, private or product static path)`,
          "move the file to another folder",
        ),
      );
      continue;
    }
    // Measured before it is read: a file too large to serve is refused unread.
    const { size } = await stat(join(base, rel));
    if (size > MAX_ASSET_BYTES) {
      diagnostics.push(
        diag(
          "SL505",
          at,
          `${path} is ${size} bytes; Cloudflare serves at most ${MAX_ASSET_BYTES} bytes per file`,
        ),
      );
      continue;
    }
    files.push({ path, content: new Uint8Array(await readFile(join(base, rel))) });
  }
  const manifest: CustomAssets = {
    schema: CUSTOM_ASSETS_SCHEMA,
    files: files.map((f) => ({
      path: f.path,
      content_type: contentTypeOf(f.path),
      sha256: createHash("sha256").update(f.content).digest("hex"),
      csp: isHtmlPath(f.path) ? "sandboxed" : "strict",
    })),
  };
  return { files, manifest, diagnostics };
}

export async function listFiles(dir: string, prefix = ""): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const out: string[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const rel = prefix + entry.name;
    if (entry.isDirectory()) appendAll(out, await listFiles(join(dir, entry.name), rel + "/"));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}
