/**
 * Atomic file replacement: write a sibling temp file, flush it to disk, give it the mode (and,
 * for root, the owner) of the file it replaces, then rename it over the target. A reader, or a
 * process killed at any moment, sees the old file or the new one, never a part.
 */
import { chmod, chown, mkdir, open, rename, rm, stat } from "node:fs/promises";
import { dirname, join, basename } from "node:path";
import { randomBytes } from "node:crypto";

export async function writeFileAtomic(file: string, content: string | Uint8Array): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temp = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    const handle = await open(temp, "wx");
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await keepOwnership(file, temp);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

async function keepOwnership(file: string, temp: string): Promise<void> {
  let old;
  try {
    old = await stat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  await chmod(temp, old.mode & 0o7777);
  if (process.getuid?.() === 0 && (old.uid !== 0 || old.gid !== 0))
    await chown(temp, old.uid, old.gid);
}
