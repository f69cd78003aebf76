/**
 * Every file of the assets folder against the platform's per-file limit (25 MiB), at build time:
 * past it `wrangler deploy` refuses the whole upload. Custom public files are refused earlier, by
 * name (lib/stages/1-sources/custom/custom-files.ts); this catches generated ones (shards, pages, JSON).
 */
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { MAX_ASSET_BYTES } from "../../../runtime/contract/index.js";
import { ASSETS_DIR } from "../../shared/paths.js";

const sizeOf = (content: string | Uint8Array) =>
  typeof content === "string" ? Buffer.byteLength(content) : content.byteLength;

/** SL505 for a generated file of `bytes` bytes when it is over the limit, else undefined. */
export function overLimit(path: string, bytes: number): Diagnostic | undefined {
  if (bytes <= MAX_ASSET_BYTES) return undefined;
  return diag(
    "SL505",
    { file: "(generated)", line: 0 },
    `${path} would be ${bytes} bytes; Cloudflare serves at most ${MAX_ASSET_BYTES} bytes per file`,
    "a link source holds more than the limits allow (docs/limits.md); please report it",
  );
}

/** Thrown by a file that measures its own text as it is made for the write (a shard's). */
export class AssetTooLargeError extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message);
  }
}

/** The text of asset `path`, or AssetTooLargeError when it is over the limit. */
export function measured(path: string, text: string): string {
  const problem = overLimit(path, Buffer.byteLength(text));
  if (problem) throw new AssetTooLargeError(problem);
  return text;
}

/** An output file (lib/stages/5-bundle/output-files.ts) as this check reads it. */
interface SizedFile {
  path: string;
  content: string | Uint8Array;
  bytes?: () => number;
}

/**
 * SL505 for each asset over the limit. A shard's size is counted from its records (`bytes`); with
 * `whenWritten` (the build) it is not counted here: its text is measured once, as it is made for
 * the write, which then fails with AssetTooLargeError and leaves the previous output.
 */
export function assetSizeProblems(
  files: readonly SizedFile[],
  options: { whenWritten?: boolean } = {},
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const file of files) {
    if (!file.path.startsWith(ASSETS_DIR + "/")) continue;
    if (file.bytes && options.whenWritten) continue;
    const problem = overLimit(file.path, file.bytes ? file.bytes() : sizeOf(file.content));
    if (problem) out.push(problem);
  }
  return out;
}
