/** How a path is shown to the person at the terminal. */
import { isAbsolute, relative, sep } from "node:path";

/**
 * Relative to where the user stands when it stays close (inside the current folder, or one level
 * up); the absolute path otherwise, never a long `../../..` chain.
 */
export function displayPath(path: string, cwd = process.cwd()): string {
  const rel = relative(cwd, path);
  if (rel === "") return ".";
  if (isAbsolute(rel)) return path;
  const ups = rel.split(sep).filter((segment) => segment === "..").length;
  return ups <= 1 ? rel : path;
}
