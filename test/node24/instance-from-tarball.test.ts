/**
 * A new user's first hour, on the shipped artifact and Node 24: `npm pack`, the tarball installed
 * into an empty folder, `shortlinks init` from there, then in the new instance `npm install` with
 * npm 12 (install scripts blocked unless allowScripts approves them), `check`, `build`, `serve`
 * and the instance's own pinned wrangler's `deploy --dry-run`. shortlinks comes from the tarball
 * init vendored, everything else from the npm cache (test/support/instance-lock.ts); npm asks the
 * registry only for what the cache lacks: on a new machine, the metadata of wrangler's `unenv`,
 * whose peer dependency npm 12 resolves again (the lockfile names no download address).
 */
import { execFile, spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeInstanceLock } from "../support/instance-lock.js";
import { installTarball, packTarball } from "../support/packed.js";
import { offlineWrangler, type OfflineWrangler } from "../support/wrangler-offline.js";

const run = promisify(execFile);
const TOOLS = process.env.SHORTLINKS_NODE24_TOOLS;

let scratch: string;
let instance: string;
let installed: { stdout: string; stderr: string };
let wrangler: OfflineWrangler;

/**
 * npm 12 as a user's machine runs it: none of this machine's npm settings (its user npmrc, the
 * npm_config_* variables `npm test` exports), only the shared package cache.
 */
async function npm12Env(): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key)) env[key] = value;
  const { stdout: cache } = await run("npm", ["config", "get", "cache"]);
  const userconfig = join(scratch, "npmrc");
  await writeFile(userconfig, "");
  return { ...env, npm_config_cache: cache.trim(), npm_config_userconfig: userconfig };
}

async function inInstance(file: string, args: string[]) {
  return run(process.execPath, [join(instance, file), ...args], { cwd: instance });
}

beforeAll(async () => {
  expect(TOOLS, "run through `npm run test:node24`").toBeTruthy();
  scratch = await mkdtemp(join(tmpdir(), "shortlinks-first-hour-"));
  const tarball = await packTarball(scratch);
  const project = join(scratch, "project");
  await mkdir(project);
  const shortlinks = await installTarball(tarball, project);
  await run(process.execPath, [shortlinks, "init", "my-links"], { cwd: scratch });
  instance = join(scratch, "my-links");
  writeInstanceLock(instance);
  const npm12 = join(TOOLS!, "node_modules/npm/bin/npm-cli.js");
  installed = await run(
    process.execPath,
    [npm12, "install", "--prefer-offline", "--no-audit", "--no-fund"],
    { cwd: instance, env: await npm12Env(), maxBuffer: 16 * 1024 * 1024 },
  );
  wrangler = await offlineWrangler();
}, 300_000);

afterAll(async () => {
  await wrangler?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe("the packed shortlinks, init, and the new instance on Node 24 with npm 12", () => {
  it("runs on Node 24 and npm 12", async () => {
    expect(process.versions.node).toMatch(/^24\./);
    const npm12 = join(TOOLS!, "node_modules/npm/package.json");
    expect(JSON.parse(await readFile(npm12, "utf8")).version).toMatch(/^12\./);
  });

  it("npm install in the instance works offline from the vendored tarball and prints no warning", async () => {
    const manifest = JSON.parse(await readFile(join(instance, "package.json"), "utf8"));
    expect(manifest.devDependencies.shortlinks).toBe("file:vendor/shortlinks-0.1.0.tgz");
    expect(installed.stderr).not.toMatch(/warn|install-scripts|ERR/i);
    expect(installed.stdout).toMatch(/^added \d+ packages/m);
  });

  it("allowScripts denies the install scripts the tools do without: esbuild and workerd keep their JS launchers", async () => {
    for (const bin of [
      "node_modules/esbuild/bin/esbuild",
      "node_modules/workerd/bin/workerd",
      "node_modules/wrangler/node_modules/workerd/bin/workerd",
    ])
      expect((await readFile(join(instance, bin), "utf8")).slice(0, 19), bin).toBe(
        "#!/usr/bin/env node",
      );
  });

  it("check and build pass with the instance's own shortlinks", async () => {
    const checked = await inInstance("node_modules/.bin/shortlinks", ["check"]);
    expect(checked.stdout).toMatch(/^ok: 1 links, 0 errors, 0 warnings$/m);
    const built = await inInstance("node_modules/.bin/shortlinks", ["build"]);
    expect(built.stdout).toMatch(/^built 1 links/m);
  });

  it("serve answers the example link in workerd", async () => {
    const bin = join(instance, "node_modules/.bin/shortlinks");
    const child = spawn(process.execPath, [bin, "serve", "--port", "0"], { cwd: instance });
    let text = "";
    child.stdout.on("data", (c: Buffer) => (text += c.toString()));
    child.stderr.on("data", (c: Buffer) => (text += c.toString()));
    const exited = new Promise<number | null>((done) => child.on("exit", done));
    try {
      for (let i = 0; i < 600 && !/serve: http:\/\/\S+/.test(text) && child.exitCode === null; i++)
        await new Promise((r) => setTimeout(r, 100));
      const url = /serve: (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
      expect(url, text).toBeDefined();
      const answer = await fetch(`${url}/example`, { redirect: "manual" });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("https://example.com/");
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  }, 120_000);

  it("the instance's pinned wrangler accepts dist/ with deploy --dry-run, offline", async () => {
    const manifest = JSON.parse(await readFile(join(instance, "package.json"), "utf8"));
    const pinned = JSON.parse(
      await readFile(join(instance, "node_modules/wrangler/package.json"), "utf8"),
    );
    expect(pinned.version).toBe(manifest.devDependencies.wrangler);
    const dry = await wrangler.dryRun(
      join(instance, "node_modules/wrangler/bin/wrangler.js"),
      join(instance, "dist/wrangler.json"),
    );
    expect(dry.output).toContain("--dry-run: exiting now");
    expect(dry.code).toBe(0);
    expect(dry.output).toMatch(/env\.ASSETS\s+Assets/);
    expect(wrangler.attempts).toEqual([]);
  }, 120_000);
});
