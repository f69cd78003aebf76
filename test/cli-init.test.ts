/**
 * `shortlinks init` through the built CLI, as a user runs it in an empty folder: init, build,
 * check, then serve in workerd on 127.0.0.1 (port 0), one request, stop. Also: init refuses a
 * folder that holds an instance, never overwrites, and build without site.yaml points at init.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, REPO } from "./support/build-instance.js";

let parent: string;
beforeAll(() => {
  parent = mkdtempSync(join(tmpdir(), "shortlinks-init-"));
});
afterAll(() => rmSync(parent, { recursive: true, force: true }));

function cli(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: "utf8" });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe("shortlinks init", () => {
  it("init, build, check and serve in an empty folder: the example link answers in workerd", async () => {
    const made = cli(
      parent,
      "init",
      "links",
      "--name",
      'Team "Links"',
      "--base-url",
      "https://go.team.example",
    );
    expect(made.err).toBe("");
    expect(made.code).toBe(0);
    const root = join(parent, "links");
    for (const file of [
      "custom/site.yaml",
      "custom/links/links.yaml",
      "custom/tests.yaml",
      ".gitignore",
      "package.json",
      ".github/workflows/shortlinks.yml",
      "src/worker.js",
    ])
      expect(existsSync(join(root, file)), file).toBe(true);
    expect(parse(readFileSync(join(root, "custom/site.yaml"), "utf8"))).toMatchObject({
      site_name: 'Team "Links"',
      base_url: "https://go.team.example",
    });
    expect(JSON.parse(readFileSync(join(root, "package.json"), "utf8"))).toMatchObject({
      name: "team-links",
      private: true,
    });
    expect(cli(root, "build").code).toBe(0);
    const checked = cli(root, "check");
    expect(checked.out).toMatch(/^ok: 1 links, 0 errors, 0 warnings$/m);

    const child = spawn(process.execPath, [CLI, "serve", "--port", "0"], { cwd: root });
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

  it("the workflow checks every change and deploys main with secrets referenced, never written", () => {
    const root = join(parent, "links");
    const text = readFileSync(join(root, ".github/workflows/shortlinks.yml"), "utf8");
    const flow = parse(text) as {
      on: Record<string, unknown>;
      jobs: Record<
        string,
        { if?: string; needs?: string; steps: { run?: string; env?: Record<string, string> }[] }
      >;
    };
    expect(Object.keys(flow.on).sort()).toEqual(["pull_request", "push"]);
    expect(flow.jobs.check.if).toBeUndefined();
    expect(flow.jobs.check.steps.map((s) => s.run).filter(Boolean)).toContain(
      "npx shortlinks check",
    );
    const review = flow.jobs.review;
    expect(review.if).toBe("github.event_name == 'pull_request'");
    expect(review.steps.map((s) => s.run).filter(Boolean)).toEqual(
      expect.arrayContaining([
        'npx shortlinks diff "origin/${{ github.base_ref }}" --markdown > links-diff.md || true',
        'npx shortlinks check --against "origin/${{ github.base_ref }}"',
      ]),
    );
    const deploy = flow.jobs.deploy;
    expect(deploy.if).toBe("github.event_name == 'push' && github.ref == 'refs/heads/main'");
    expect(deploy.needs).toBe("check");
    const runs = deploy.steps.map((s) => s.run).filter(Boolean);
    expect(runs).toEqual(
      expect.arrayContaining([
        "npx shortlinks build",
        "npx wrangler deploy --config dist/wrangler.json",
      ]),
    );
    const env = deploy.steps.find((s) => s.env)!.env!;
    expect(env).toEqual({
      CLOUDFLARE_API_TOKEN: "${{ secrets.CLOUDFLARE_API_TOKEN }}",
      CLOUDFLARE_ACCOUNT_ID: "${{ secrets.CLOUDFLARE_ACCOUNT_ID }}",
    });
  });

  it("depends on this shortlinks, packed into vendor/: a spec that installs before any release", () => {
    const root = join(parent, "links");
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    const version = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).version;
    const tarball = `vendor/shortlinks-${version}.tgz`;
    expect(pkg.devDependencies.shortlinks).toBe(`file:${tarball}`);
    const tar = gunzipSync(readFileSync(join(root, tarball))).toString("latin1");
    expect(tar).toContain("package/out/cli.js");
    expect(tar).toContain('"name": "shortlinks"');
    expect(tar).not.toContain("package/test/");
  });

  it("--package writes that spec (a registry version) and vendors nothing", () => {
    for (const [i, [spec, written]] of [
      ["0.2.0", "0.2.0"],
      ["shortlinks@^0.2.0", "^0.2.0"],
    ].entries()) {
      const root = join(parent, `published-${i}`);
      const made = cli(parent, "init", root, "--package", spec);
      expect(made.code, made.err).toBe(0);
      const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
      expect(pkg.devDependencies.shortlinks).toBe(written);
      expect(existsSync(join(root, "vendor"))).toBe(false);
      expect(made.out).not.toMatch(/vendor\//);
    }
    expect(cli(parent, "init", "bad-spec", "--package", "0.2 .0").code).toBe(2);
    expect(existsSync(join(parent, "bad-spec"))).toBe(false);
  });

  it("without npm to pack itself, init names --package and writes nothing", () => {
    const r = spawnSync(process.execPath, [CLI, "init", "no-npm"], {
      cwd: parent,
      encoding: "utf8",
      env: { ...process.env, PATH: "" },
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/could not pack this shortlinks into vendor\/ .*pass --package SPEC/);
    expect(existsSync(join(parent, "no-npm"))).toBe(false);
  });

  it("the workflow and package.json run on Node 24 with the wrangler tested on it, pinned exactly", () => {
    const root = join(parent, "links");
    const flow = parse(readFileSync(join(root, ".github/workflows/shortlinks.yml"), "utf8")) as {
      jobs: Record<string, { steps: { uses?: string; with?: Record<string, unknown> }[] }>;
    };
    for (const [name, job] of Object.entries(flow.jobs)) {
      const setup = job.steps.find((step) => step.uses?.startsWith("actions/setup-node@"));
      expect(setup?.with?.["node-version"], name).toBe(24);
    }
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    const tools = JSON.parse(
      readFileSync(join(REPO, "test/toolchain/node24-tools/package.json"), "utf8"),
    );
    expect(pkg.devDependencies.wrangler).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.devDependencies.wrangler).toBe(tools.dependencies.wrangler);
  });

  it("refuses a folder that already holds an instance and changes nothing", () => {
    const root = join(parent, "links");
    const before = readFileSync(join(root, "custom/links/links.yaml"), "utf8");
    const again = cli(parent, "init", "links");
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/custom\/site\.yaml exists: this folder already holds an instance/);
    expect(readFileSync(join(root, "custom/links/links.yaml"), "utf8")).toBe(before);
  });

  it("keeps files that exist (a repository's own package.json) and never overwrites them; an own .gitignore keeps its lines and gets the missing ones", () => {
    const root = join(parent, "repo");
    mkdirSync(root);
    writeFileSync(join(root, ".gitignore"), "mine\n");
    writeFileSync(join(root, "package.json"), '{"name":"mine"}\n');
    const made = cli(root, "init");
    expect(made.code).toBe(0);
    expect(made.out).toMatch(/kept {4}package\.json/);
    expect(readFileSync(join(root, "package.json"), "utf8")).toBe('{"name":"mine"}\n');
    expect(made.out).toMatch(
      /updated \.gitignore: added node_modules\/, dist\/, \.wrangler\/, \.dev\.vars/,
    );
    expect(readFileSync(join(root, ".gitignore"), "utf8")).toMatch(/^mine\n#.*\nnode_modules\/\n/);
    expect(parse(readFileSync(join(root, "custom/site.yaml"), "utf8")).site_name).toBe("repo");
  });

  it("build in a folder without site.yaml points at init", () => {
    const empty = join(parent, "empty");
    mkdirSync(empty);
    const built = cli(empty, "build");
    expect(built.code).toBe(1);
    expect(built.err).toMatch(
      /SL501 custom\/site\.yaml is missing\n {2}hint: run `shortlinks init`/,
    );
  });

  it("a --base-url that is not an origin is a usage error", () => {
    expect(cli(parent, "init", "x", "--base-url", "ftp://x").code).toBe(2);
    expect(cli(parent, "init", "x", "--base-url", "https://x.example/path").code).toBe(2);
    expect(existsSync(join(parent, "x"))).toBe(false);
  });
});
