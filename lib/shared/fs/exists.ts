/**
 * Whether a path exists (any kind of entry): not when nothing is there or a folder on its way is
 * a file (`package.json/x`); other errors are thrown.
 */
import { lstat } from "node:fs/promises";

export async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return false;
    throw error;
  }
}
