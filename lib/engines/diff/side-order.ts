/**
 * Which side of `check --against` compiles first (docs/cache.md, "Within one run"). `check`
 * builds its head in full, so a head compiled first cannot hand its checked rows on (they would
 * live through its whole build): BASE then reads every unchanged file's cache entry again.
 * Compiled first, BASE hands its rows to the head instead, but its tables stay live through the
 * head's build: worth it when most link sources are the same on both sides, which git tells
 * before either side is read.
 */
import { listSourceFiles } from "../../stages/1-sources/links/load-sources.js";
import { LINKS_DIR } from "../../shared/paths.js";
import type { Repository } from "./git-base.js";
import { git } from "./git-run.js";

export type SideOrder = "head-first" | "base-first";

/**
 * Base first when at most half of the work tree's link sources differ from BASE's: changed,
 * added or untracked files of `custom/links/` (a deleted one counts too; the order changes the
 * run's cost, never its report).
 */
export async function sideOrder(
  repo: Repository,
  root: string,
  baseCommit: string,
): Promise<SideOrder> {
  const links = `${repo.prefix}${LINKS_DIR}/`;
  try {
    const [changed, untracked, files] = await Promise.all([
      git(repo.top, ["diff", "--name-only", baseCommit, "--", links]),
      git(repo.top, ["ls-files", "--others", "--exclude-standard", "--", links]),
      listSourceFiles(root),
    ]);
    const differ = lineCount(changed) + lineCount(untracked);
    return differ * 2 <= files.length ? "base-first" : "head-first";
  } catch {
    return "head-first"; // only a hint: whatever fails here fails where the sides are read, or not at all
  }
}

function lineCount(text: string): number {
  return text.split("\n").filter((line) => line !== "").length;
}
