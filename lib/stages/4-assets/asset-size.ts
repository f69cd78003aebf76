/**
 * Every file of the assets folder against the platform's per-file limit (25 MiB), at build time:
 * past it `wrangler deploy` refuses the whole upload. Custom public files are refused earlier, by
 * name (lib/stages/1-sources/custom/custom-files.ts); this catches generated ones (shards, pages, JSON).
 */
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import type { OutputFile } from "../5-bundle/output-files.js";
import { MAX_ASSET_BYTES } from "../../../runtime/contract/index.js";
import { ASSETS_DIR } from "../../shared/paths.js";

const sizeOf = (content: string | Uint8Array) =>
  typeof content === "string" ? Buffer.byteLength(content) : content.byteLength;

export function assetSizeProblems(files: readonly OutputFile[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const file of files) {
    if (!file.path.startsWith(ASSETS_DIR + "/")) continue;
    const bytes = file.bytes ? file.bytes() : sizeOf(file.content); // a shard's is counted

    if (bytes > MAX_ASSET_BYTES)
      out.push(
        diag(
          "SL505",
          { file: "(generated)", line: 0 },
          `${file.path} would be ${bytes} bytes; Cloudflare serves at most ${MAX_ASSET_BYTES} bytes per file`,
          "a link source holds more than the limits allow (docs/limits.md); please report it",
        ),
      );
  }
  return out;
}
