/**
 * Where a symbolic link stored in git leads, judged as the work tree's readers judge it
 * (lib/stages/1-sources/instance-entry.ts): a place inside the instance, which BASE must then hold too, or
 * out of it (refused, never read). Paths are POSIX, as git stores them.
 */
import { posix } from "node:path";

const climbs = (path: string) => path === ".." || path.startsWith("../");

export interface InstanceAt {
  /** The work tree's top folder (absolute). */
  top: string;
  /** The instance root relative to `top`, with a trailing `/` (empty at the top). */
  prefix: string;
}

/**
 * The instance-relative path the link at `linkPath` (instance-relative) names with `target`, or
 * null when it leaves the instance. An absolute target counts by where it points in this work
 * tree, so a link to `/…/repo/custom/x` reads `custom/x` as the commit has it.
 */
export function linkTargetOf(linkPath: string, target: string, at: InstanceAt): string | null {
  if (target === "" || target.includes("\0")) return null;
  let fromTop: string;
  if (posix.isAbsolute(target)) {
    const relative = posix.relative(at.top, posix.normalize(target));
    if (climbs(relative) || posix.isAbsolute(relative)) return null;
    fromTop = relative;
  } else {
    fromTop = posix.normalize(posix.join(posix.dirname(at.prefix + linkPath), target));
  }
  if (fromTop === "." || fromTop === "") fromTop = "";
  const root = at.prefix.replace(/\/$/, "");
  if (root === "") return climbs(fromTop) ? null : fromTop.replace(/\/$/, "");
  if (fromTop === root) return "";
  return fromTop.startsWith(root + "/") ? fromTop.slice(root.length + 1).replace(/\/$/, "") : null;
}

/** The text of a link at `linkPath` that leads to `targetPath`, both instance-relative. */
export function relativeLink(linkPath: string, targetPath: string): string {
  const from = posix.dirname(linkPath);
  const up = from === "." ? [] : from.split("/").map(() => "..");
  const base = up.length === 0 ? "." : up.join("/");
  return targetPath === "" ? base : posix.join(base, targetPath);
}
