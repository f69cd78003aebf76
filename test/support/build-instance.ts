/** Builds an instance with the real CLI (as a user would) into a fresh temporary folder. */
import { execFile } from "node:child_process";
import { cp, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
export const REPO = resolve(import.meta.dirname, "../..");
export const CLI = join(REPO, "bin/shortlinks.js");

export interface BuiltInstance {
  root: string;
  out: string;
}

/** Copies `instanceDir` to a temp root (so src/worker.js is written there) and builds it. */
export async function buildInstance(instanceDir: string): Promise<BuiltInstance> {
  const root = await mkdtemp(join(tmpdir(), "shortlinks-instance-"));
  await cp(instanceDir, root, { recursive: true });
  const out = join(root, "dist");
  await run(process.execPath, [CLI, "build", "--root", root, "--out", out]);
  return { root, out };
}

export const CASE_INSTANCE = join(REPO, "test/instance");
