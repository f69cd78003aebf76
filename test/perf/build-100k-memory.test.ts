// The CI-sized memory guard: a build of 100,000 generated links (the "real" table shape:
// descriptions and owners on every row, 5% splats, 2% scheduled, 1% retired) runs in a child
// process whose peak resident memory, as the OS counted it, must stay under 600 MiB. A memory
// regression fails here, on every run, before a benchmark sees it. No timing is asserted: the
// benchmarks measure time (docs/performance.md, "Build memory").
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { makeLinks, writeInstance } from "../../bench/generate.mjs";
import { parsePeakRss } from "../../bench/peak-rss.mjs";

const LINKS = 100_000;
const PEAK_RSS_BUDGET_KIB = 600 * 1024;
const WRAPPER = resolve(import.meta.dirname, "../../bench/peak-rss.mjs");

let root = "";

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "shortlinks-100k-memory-"));
  await writeInstance(root, makeLinks(LINKS, 1, { shape: "real" }), { name: "100k" });
});
afterAll(() => rm(root, { recursive: true, force: true }));

function runWrapped(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [WRAPPER, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1" },
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((done) => child.on("close", (code) => done({ code, out, err })));
}

it("a build of 100k links peaks under 600 MiB of resident memory", async () => {
  const run = await runWrapped(["build", "--root", root, "--out", join(root, "dist")]);
  expect(run.code, run.err).toBe(0);
  expect(run.out).toMatch(/^built 100000 links/m);
  const peakKiB = parsePeakRss(run.err);
  expect(peakKiB).toBeGreaterThan(0);
  expect(peakKiB).toBeLessThan(PEAK_RSS_BUDGET_KIB);
}, 600_000);
