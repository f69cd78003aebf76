/**
 * Fault injection for `build`, through the built CLI as separate processes (the refusals of
 * `build --out` into the instance, its parent, custom/ and a foreign folder, nothing deleted, are
 * in lib/engines/build/build.test.ts, and as a process in test/cli-arguments.test.ts):
 * - KILLS builds killed with SIGKILL at random moments (half at a uniform time over a whole
 *   build, half at a random moment while the new bundle is being written and swapped in): the output
 *   folder is always one complete bundle, the one before or the one after, and the next build
 *   leaves no temp folder behind.
 * The figures (kill points, bundles damaged) are printed at the end.
 */
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO } from "./support/build-instance.js";
import { killAfter, runCli, startCli, waitUntil } from "./support/processes.js";

/** Small by default to keep the suite fast; FAULT_KILLS runs a longer campaign. */
const KILLS = Number(process.env.FAULT_KILLS ?? 10);
/** Extra public files, so writing the bundle takes long enough to be hit by a kill. */
const PUBLIC_FILES = 300;

let work: string;
const figures: string[] = [];

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "shortlinks-fault-build-"));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  for (const line of figures) console.log(`fault injection (build): ${line}`);
});

function instance(name: string): string {
  const root = join(work, name, "instance");
  cpSync(join(REPO, "fixtures", "valid-basic", "custom"), join(root, "custom"), {
    recursive: true,
  });
  return root;
}

/** Every file under `dir` with a hash of its content. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of readdirSync(dir, { recursive: true, encoding: "utf8" }).sort()) {
    const path = join(dir, rel);
    if (statSync(path).isFile())
      out[rel] = createHash("sha256").update(readFileSync(path)).digest("hex");
  }
  return out;
}

describe("fault injection: build", () => {
  it(`kill -9 at ${KILLS} random moments: dist/ is always one complete bundle`, async () => {
    const root = instance("kills");
    const links = join(root, "custom", "links", "links.yaml");
    mkdirSync(join(root, "custom", "public", "many"), { recursive: true });
    for (let i = 0; i < PUBLIC_FILES; i++)
      writeFileSync(join(root, "custom", "public", "many", `f${i}.txt`), `file ${i}\n`);
    const dist = join(root, "dist");
    const sourcesA = readFileSync(links, "utf8");
    const sourcesB = sourcesA + "- slug: kill-b\n  target: https://example.com/b\n";

    // The two bundles a killed build may leave: built once each, to the end.
    writeFileSync(links, sourcesB);
    expect((await runCli(["build"], root)).code).toBe(0);
    const bundleB = snapshot(dist);
    writeFileSync(links, sourcesA);
    // This build also measures how long writing takes, from the temp folder to the end.
    const timing = startCli(["build"], root);
    const writing = () => readdirSync(root).some((n) => n.startsWith(".dist.new-"));
    await waitUntil(writing, timing.child, 60_000);
    const writeStarted = Date.now();
    const full = await timing.done;
    const writeMs = Math.max(10, Date.now() - writeStarted);
    expect(full.code).toBe(0);
    const bundleA = snapshot(dist);
    expect(bundleA).not.toEqual(bundleB);
    const worker = readFileSync(join(root, "src", "worker.js"), "utf8");

    const outcome = { old: 0, new: 0, damaged: 0, swapWindow: 0, whileWriting: 0 };
    let current = bundleA;
    for (let i = 0; i < KILLS; i++) {
      const [target, bundle] = current === bundleA ? [sourcesB, bundleB] : [sourcesA, bundleA];
      writeFileSync(links, target);
      const run = startCli(["build"], root);
      if (i % 2 === 0) {
        await killAfter(run, Math.random() * full.ms * 1.1);
      } else {
        if (await waitUntil(writing, run.child, 60_000)) outcome.whileWriting++;
        await killAfter(run, Math.random() * writeMs * 1.2);
      }
      if (!existsSync(dist)) {
        // Killed between the two renames: the previous bundle waits, complete, in .dist.old-*.
        const old = readdirSync(root).filter((n) => n.startsWith(".dist.old-"));
        const kept = old.length === 1 ? snapshot(join(root, old[0])) : undefined;
        if (kept && JSON.stringify(kept) === JSON.stringify(current)) outcome.swapWindow++;
        else outcome.damaged++;
        continue;
      }
      const seen = snapshot(dist);
      if (JSON.stringify(seen) === JSON.stringify(current)) outcome.old++;
      else if (JSON.stringify(seen) === JSON.stringify(bundle)) {
        outcome.new++;
        current = bundle;
      } else outcome.damaged++;
      const src = readFileSync(join(root, "src", "worker.js"), "utf8");
      if (src !== worker) outcome.damaged++;
    }
    // The next build recovers whatever a killed one left.
    const after = await runCli(["build"], root);
    expect(after.code).toBe(0);
    expect(readdirSync(root).filter((n) => n.startsWith(".dist"))).toEqual([]);
    figures.push(
      `${KILLS} kill points (${outcome.whileWriting} while the new bundle was being written), ` +
        `${outcome.damaged} bundles damaged; ${outcome.old} left the previous bundle, ${outcome.new} the new one, ` +
        `${outcome.swapWindow} fell between the two renames (previous bundle restored by the next build)`,
    );
    expect(outcome.damaged).toBe(0);
  }, 180_000);
});
