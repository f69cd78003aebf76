/**
 * The most bytes shortlinks reads from one file of an instance (docs/limits.md): a link source up
 * to MAX_SOURCE_BYTES (SL112), every other file up to MAX_INSTANCE_FILE_BYTES, Cloudflare's
 * per-asset limit, since none of them can make more than one asset (public files SL505, the rest
 * SL508). Past it a file is refused before anything reads it, in the work tree and at a git BASE.
 */
import { MAX_ASSET_BYTES } from "../../../runtime/contract/index.js";
import { isSourceName } from "./links/load-sources.js";
import { LINKS_DIR } from "../../shared/paths.js";
import { MAX_SOURCE_BYTES } from "./links/limits.js";

export const MAX_INSTANCE_FILE_BYTES = MAX_ASSET_BYTES;

/** The limit of the reader of `path` (relative to the instance root, `/` separators). */
export function readLimitOf(path: string): number {
  const slash = path.lastIndexOf("/");
  const isSource = path.slice(0, slash) === LINKS_DIR && isSourceName(path.slice(slash + 1));
  return isSource ? MAX_SOURCE_BYTES : MAX_INSTANCE_FILE_BYTES;
}
