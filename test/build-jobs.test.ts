/**
 * `--jobs`: a build or check on several threads gives every byte of dist/ and every diagnostic a
 * single-threaded one gives (docs/performance.md, "Build time"). The case instance has splats,
 * schedules, placeholders, routes, several domains and private zones in nine source files; the
 * threshold is lowered so its small sources are read on worker threads, and a preload counts the
 * threads each run started, so a run that silently stayed on one thread fails the test.
 */
import { execFile } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { CASE_INSTANCE, CLI } from "./support/build-instance.js";

const run = promisify(execFile);
const COUNT_WORKERS =
  "data:text/javascript,let n=0;process.on('worker',()=>n++);process.on('exit',()=>process.stderr.write('workers '+n+'\\n'))";

async function cli(args: string[]): Promise<{ code: number; stdout: string; workers: number }> {
  const env = { ...process.env, SHORTLINKS_SOURCE_THREADS_FROM_BYTES: "0" };
  const done = await run(process.execPath, ["--import", COUNT_WORKERS, CLI, ...args], {
    env,
  }).catch((error: { code: number; stdout: string; stderr: string }) => error);
  const workers = Number(/^workers (\d+)$/m.exec(done.stderr)?.[1] ?? NaN);
  return { code: "code" in done ? done.code : 0, stdout: done.stdout, workers };
}

async function copyInstance(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "shortlinks-jobs-"));
  await cp(CASE_INSTANCE, root, { recursive: true });
  return root;
}

async function tree(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      files.set(path.slice(dir.length), await readFile(path));
    }
  return files;
}

describe("--jobs: the same output on any number of threads", () => {
  it("dist/ of --jobs 2 is byte-identical to --jobs 1, and --jobs 2 used a worker", async () => {
    const root = await copyInstance();
    const one = await cli(["build", "--root", root, "--out", join(root, "one"), "--jobs", "1"]);
    const two = await cli(["build", "--root", root, "--out", join(root, "two"), "--jobs", "2"]);
    expect([one.code, two.code]).toEqual([0, 0]);
    expect([one.workers, two.workers]).toEqual([0, 1]);
    const [a, b] = [await tree(join(root, "one")), await tree(join(root, "two"))];
    expect(a.size).toBeGreaterThan(20);
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const [path, bytes] of a) expect(b.get(path)?.equals(bytes), path).toBe(true);
  }, 60_000);

  it("check's diagnostics of --jobs 2 equal --jobs 1's, rows in error in several files", async () => {
    const root = await copyInstance();
    const links = join(root, "custom/links");
    await writeFile(
      join(links, "bad-a.csv"),
      "slug,target\nok-a,https://example.com/a\nbad a,ftp://x\n",
    );
    await writeFile(join(links, "bad-b.yaml"), "- slug: bad-b\n  target: javascript:alert(1)\n");
    const one = await cli(["check", "--root", root, "--json", "--jobs", "1"]);
    const two = await cli(["check", "--root", root, "--json", "--jobs", "2"]);
    expect(one.code).not.toBe(0);
    expect([one.workers, two.workers]).toEqual([0, 1]);
    const files = (out: string) =>
      (JSON.parse(out) as { diagnostics: { file: string }[] }).diagnostics.map((d) => d.file);
    expect(files(one.stdout)).toEqual(expect.arrayContaining(["custom/links/bad-a.csv"]));
    expect(files(one.stdout)).toEqual(expect.arrayContaining(["custom/links/bad-b.yaml"]));
    expect(two.stdout).toBe(one.stdout);
  }, 60_000);

  it("--jobs takes a whole number from 1", async () => {
    const root = await copyInstance();
    const zero = await cli(["check", "--root", root, "--jobs", "0"]);
    expect(zero.code).toBe(2);
  }, 60_000);
});
