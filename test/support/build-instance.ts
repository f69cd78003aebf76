/**
 * Builds an instance with the real CLI (as a user would) into a fresh temporary folder.
 * The shared request-case instance is built once per test run (the first caller builds it into
 * the run's temp folder) and each caller gets its own copy of that built folder: the build is
 * relocatable (no output names its root), so a copy answers exactly as a build in place would.
 */
import { execFile } from "node:child_process";
import { cp, mkdtemp, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
export const REPO = resolve(import.meta.dirname, "../..");
export const CLI = join(REPO, "bin/shortlinks.js");
export const CASE_INSTANCE = join(REPO, "test/instance");

export interface BuiltInstance {
  root: string;
  out: string;
}

/** Copies `instanceDir` to a temp root (so src/worker.js is written there) and builds it. */
export async function buildInstance(instanceDir: string): Promise<BuiltInstance> {
  if (resolve(instanceDir) === CASE_INSTANCE) return copyOf(await builtCaseInstance());
  return buildFresh(instanceDir);
}

async function buildFresh(instanceDir: string): Promise<BuiltInstance> {
  const root = await mkdtemp(join(tmpdir(), "shortlinks-instance-"));
  await cp(instanceDir, root, { recursive: true });
  const out = join(root, "dist");
  await run(process.execPath, [CLI, "build", "--root", root, "--out", out]);
  return { root, out };
}

/** The run's one build of test/instance; two workers racing both build, one rename wins. */
async function builtCaseInstance(): Promise<string> {
  const shared = join(tmpdir(), "shortlinks-case-instance-built");
  if (await exists(shared)) return shared;
  const { root } = await buildFresh(CASE_INSTANCE);
  await rename(root, shared).catch(async (error: NodeJS.ErrnoException) => {
    if (!(await exists(shared))) throw error;
    await rm(root, { recursive: true, force: true });
  });
  return shared;
}

async function copyOf(built: string): Promise<BuiltInstance> {
  const root = await mkdtemp(join(tmpdir(), "shortlinks-instance-"));
  await cp(built, root, { recursive: true });
  return { root, out: join(root, "dist") };
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
