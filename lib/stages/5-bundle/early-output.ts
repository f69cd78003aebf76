/**
 * Files of dist/ handed to the writer as soon as they are made, not held until the build ends: a
 * build's stats pages are hundreds of MB of text at a million links (docs/performance.md, "Build
 * memory"). The writer is the build's temp folder (lib/shared/fs/swap-dir.ts), swapped in only
 * when the build succeeds; `check`'s writer makes no text: each page is measured and let go.
 */
import { statsPagePath } from "../../../runtime/contract/index.js";
import type { Diagnostic } from "../../shared/diagnostics.js";
import { ASSETS_DIR } from "../../shared/paths.js";
import type { StatsPageSink } from "../3-registry/stats-index/build-stats-index.js";
import { overLimit } from "../4-assets/asset-size.js";

/**
 * Hands one file of dist/ (path relative to it) to the writer, which makes its text with `text`
 * (`check` measures the file and makes none); it is not held afterwards.
 */
export type WriteNow = (path: string, text: () => string) => void;

export interface EarlyOutput {
  /** Files written so far. */
  files: number;
  /** SL505 of the files written so far (as assetSizeProblems reports the others). */
  tooLarge: Diagnostic[];
  /** The sink of one host's stats pages (buildStatsIndex's `onPage`). */
  statsPages(dir: string): StatsPageSink;
}

export function earlyOutput(writeNow: WriteNow): EarlyOutput {
  const out: EarlyOutput = {
    files: 0,
    tooLarge: [],
    statsPages: (dir) => (page, bytes, text) => {
      const path = ASSETS_DIR + statsPagePath(page, dir);
      const problem = overLimit(path, bytes);
      if (problem) out.tooLarge.push(problem);
      writeNow(path, text);
      out.files++;
    },
  };
  return out;
}
