/** Whether a path exists (any kind of entry); other errors than "not found" are thrown. */
import { lstat } from "node:fs/promises";

export async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}
