// `wrangler deploy --dry-run` on the built dist/, offline and without an account: what Cloudflare's
// own tool accepts passes, a configuration it would refuse fails here first. How wrangler is kept
// offline: test/support/wrangler-offline.ts.
import { cp, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildInstance, CASE_INSTANCE, REPO } from "./support/build-instance.js";
import { offlineWrangler, type DryRun, type OfflineWrangler } from "./support/wrangler-offline.js";

const WRANGLER = join(REPO, "node_modules/wrangler/bin/wrangler.js");

let dist: string;
let wrangler: OfflineWrangler;
let networkAttempts: string[];

beforeAll(async () => {
  ({ out: dist } = await buildInstance(CASE_INSTANCE));
  wrangler = await offlineWrangler();
  networkAttempts = wrangler.attempts;
});

afterAll(async () => {
  await wrangler?.close();
});

function dryRun(config: string): Promise<DryRun> {
  return wrangler.dryRun(WRANGLER, config);
}

/** A copy of the built dist/ with its wrangler.json changed by `edit`. */
async function brokenCopy(edit: (config: Record<string, unknown>) => void): Promise<string> {
  const copy = await mkdtemp(join(tmpdir(), "shortlinks-broken-dist-"));
  await cp(dist, copy, { recursive: true });
  const file = join(copy, "wrangler.json");
  const config = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
  edit(config);
  await writeFile(file, JSON.stringify(config, null, 2));
  return file;
}

// Seven wranglers start at once: each test may take as long as the helper lets one run (60 s).
describe.concurrent("wrangler deploy --dry-run", { timeout: 120_000 }, () => {
  it("accepts the built dist/ offline: exit 0, the assets binding, no network", async () => {
    const run = await dryRun(join(dist, "wrangler.json"));
    expect(run.output).toContain("--dry-run: exiting now");
    expect(run.code).toBe(0);
    expect(run.output).toMatch(/env\.ASSETS\s+Assets/);
    expect(networkAttempts).toEqual([]);
  });

  it("uploads the worker alone as code: no asset is attached as an extra worker module", async () => {
    const run = await dryRun(join(dist, "wrangler.json"));
    expect(run.code).toBe(0);
    expect(run.output).not.toContain("Attaching additional modules");
    expect((await readdir(run.outdir)).filter((f) => f !== "README.md")).toHaveLength(1);
  });

  it.each<[string, (config: Record<string, unknown>) => void]>([
    ["a worker name Cloudflare refuses", (c) => void (c.name = "Case Table_Links!")],
    ["an entry point that does not exist", (c) => void (c.main = "missing.js")],
    ["a variable that shadows the ASSETS binding", (c) => void (c.vars = { ASSETS: "x" })],
    [
      "an assets folder that does not exist",
      (c) => void ((c.assets as Record<string, unknown>).directory = "./missing"),
    ],
    [
      "run_worker_first of the wrong type",
      (c) => void ((c.assets as Record<string, unknown>).run_worker_first = "yes"),
    ],
  ])("refuses %s", async (_name, edit) => {
    const run = await dryRun(await brokenCopy(edit));
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/ERROR/);
    expect(networkAttempts).toEqual([]);
  });
});
