/**
 * Files of dist/ handed to the writer as soon as they are made, not held until the build ends: a
 * build's stats pages are hundreds of MB of text at a million links (docs/performance.md, "Build
 * memory"). The writer is the build's temp folder (lib/shared/fs/swap-dir.ts), swapped in only
 * when the build succeeds; `check` passes none and keeps every file in memory.
 */
import { statsPagePath } from "../../../runtime/contract/index.js";
import type { Diagnostic } from "../../shared/diagnostics.js";
import { ASSETS_DIR } from "../../shared/paths.js";
import { appendAll } from "../../shared/lists.js";
import { assetSizeProblems } from "../4-assets/asset-size.js";

/** Hands one file of dist/ (path relative to it) to the writer; it is not held afterwards. */
export type WriteNow = (path: string, content: string) => void;

export interface EarlyOutput {
  /** Files written so far. */
  files: number;
  /** SL505 of the files written so far (as assetSizeProblems reports the others). */
  tooLarge: Diagnostic[];
  /** The sink of one host's stats pages (buildStatsIndex's `onPage`). */
  statsPages(dir: string): (page: number, text: string) => void;
}

export function earlyOutput(writeNow: WriteNow): EarlyOutput {
  const out: EarlyOutput = {
    files: 0,
    tooLarge: [],
    statsPages: (dir) => (page, text) => {
      const path = ASSETS_DIR + statsPagePath(page, dir);
      appendAll(out.tooLarge, assetSizeProblems([{ path, content: text }]));
      writeNow(path, text);
      out.files++;
    },
  };
  return out;
}
