/**
 * custom/domains/HOST/**: files one host serves and no other (docs/domains.md), such as the
 * app-link files `.well-known/apple-app-site-association` and `.well-known/assetlinks.json`, or
 * that host's own `robots.txt`. Each folder names a host site.yaml lists (SL526); its files obey
 * the rules of custom/public (SL504, SL505), except that `robots.txt` replaces the product's.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { readdir } from "node:fs/promises";
import { isReservedKey, STATIC_DIR } from "../../../../runtime/routes.js";
import { contentTypeOf, MAX_ASSET_BYTES } from "../../../../runtime/contract/index.js";
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { asciiHost, type Domain } from "../site/domains.js";
import { listFiles } from "./custom-files.js";

export const DOMAINS_DIR = "custom/domains";

/** Files named by the platforms that read them, whatever their extension says. */
const APP_LINK_TYPES: Readonly<Record<string, string>> = {
  "apple-app-site-association": "application/json",
  "assetlinks.json": "application/json",
};

const PLATFORM_FILES = new Set([
  "_redirects",
  "_routes.json",
  "_worker.js",
  ".assetsignore",
  "_headers",
]);

export interface DomainFile {
  /** Public path on its host, e.g. `/.well-known/assetlinks.json`. */
  path: string;
  content: Uint8Array;
  content_type: string;
}

export interface LoadedDomainFiles {
  /** Each host's own files, by ASCII host. */
  files: Map<string, DomainFile[]>;
  diagnostics: Diagnostic[];
}

/** The content type a host's own file is served with (the app-link files: application/json). */
export function domainFileType(path: string): string {
  return APP_LINK_TYPES[path.slice(path.lastIndexOf("/") + 1)] ?? contentTypeOf(path);
}

export async function loadDomainFiles(
  root: string,
  domains: readonly Domain[] | undefined,
): Promise<LoadedDomainFiles> {
  const files = new Map<string, DomainFile[]>();
  const diagnostics: Diagnostic[] = [];
  let folders: string[];
  try {
    folders = (await readdir(join(root, DOMAINS_DIR), { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { files, diagnostics };
    throw error;
  }
  for (const folder of folders) {
    const host = asciiHost(folder);
    if (host === null || !domains?.some((d) => d.host === host)) {
      diagnostics.push(
        diag(
          "SL526",
          { file: `${DOMAINS_DIR}/${folder}`, line: 0 },
          `${DOMAINS_DIR}/${folder}/ names no host of site.yaml domains${domains ? ` (${domains.map((d) => d.host).join(", ")})` : ", which lists none"}`,
          "name the folder after a listed host, or list the host under domains in custom/site.yaml",
        ),
      );
      continue;
    }
    const own: DomainFile[] = [];
    for (const rel of await listFiles(join(root, DOMAINS_DIR, folder))) {
      const file = `${DOMAINS_DIR}/${folder}/${rel}`;
      const problem = refusal(rel);
      if (problem) {
        diagnostics.push(diag("SL504", { file, line: 0 }, problem, "move or rename the file"));
        continue;
      }
      const content = new Uint8Array(await readFile(join(root, file)));
      if (content.byteLength > MAX_ASSET_BYTES) {
        diagnostics.push(
          diag(
            "SL505",
            { file, line: 0 },
            `/${rel} is ${content.byteLength} bytes; Cloudflare serves at most ${MAX_ASSET_BYTES} bytes per file`,
          ),
        );
        continue;
      }
      own.push({ path: "/" + rel, content, content_type: domainFileType("/" + rel) });
    }
    files.set(host, [...(files.get(host) ?? []), ...own]);
  }
  return { files, diagnostics };
}

function refusal(rel: string): string | undefined {
  const key = rel.toLowerCase();
  if (PLATFORM_FILES.has(key)) return `${rel} would configure the platform, not serve content`;
  if (key === "robots.txt") return undefined;
  if (isReservedKey(key) || ("/" + key).startsWith(STATIC_DIR))
    return `/${rel} belongs to the product (reserved, private or product static path)`;
  return undefined;
}
