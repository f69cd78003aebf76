/**
 * What lies at a path of an instance, judged before anything reads it: nothing, an entry of the
 * expected kind inside the instance, or why it may not be read. A symbolic link may lead elsewhere
 * in the instance, never outside it (unless the caller allows it), so nothing outside is read and
 * nothing of it reaches a message. A file larger than the caller's `maxBytes` is refused unread.
 */
import { constants } from "node:fs";
import { access, lstat, realpath, stat } from "node:fs/promises";
import { isAbsolute, join, relative } from "node:path";

export type EntryKind = "file" | "folder";

export type Inspected = { missing: true } | { real: string } | { refused: string };

/** Errors that mean "there is nothing there" (a parent that is a file says so itself). */
const ABSENT = new Set(["ENOENT", "ENOTDIR"]);

export async function inspectEntry(
  root: string,
  rel: string,
  kind: EntryKind,
  options: { linkAnywhere?: boolean; maxBytes?: number } = {},
): Promise<Inspected> {
  const path = join(root, rel);
  try {
    await lstat(path);
  } catch (error) {
    if (ABSENT.has(code(error))) return { missing: true };
    throw error;
  }
  let real: string;
  try {
    real = await realpath(path);
  } catch (error) {
    if (ABSENT.has(code(error)) || code(error) === "ELOOP")
      return { refused: "is a symbolic link to nothing" };
    throw error;
  }
  const inside = relative(await realpath(root), real);
  if (!options.linkAnywhere && (inside.startsWith("..") || isAbsolute(inside)))
    return { refused: `is a symbolic link to a ${kind} outside the instance; it was not read` };
  const info = await stat(real);
  if (kind === "folder" && !info.isDirectory()) return { refused: "is a file, not a folder" };
  if (kind === "file" && info.isDirectory()) return { refused: "is a folder, not a file" };
  if (kind === "file" && !info.isFile())
    return { refused: "is not a regular file (a pipe, socket or device)" };
  if (kind === "file" && options.maxBytes !== undefined && info.size > options.maxBytes)
    return { refused: tooLarge(info.size, options.maxBytes) };
  try {
    await access(real, kind === "folder" ? constants.R_OK | constants.X_OK : constants.R_OK);
  } catch (error) {
    if (code(error) === "EACCES" || code(error) === "EPERM")
      return { refused: `cannot be read by this user (${code(error)})` };
    throw error;
  }
  return { real };
}

export function tooLarge(size: number, max: number): string {
  return `is ${size} bytes; shortlinks reads at most ${max} bytes from a file of the instance (docs/limits.md)`;
}

function code(error: unknown): string {
  return (error as NodeJS.ErrnoException)?.code ?? "";
}
