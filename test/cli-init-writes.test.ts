/**
 * init is all or nothing: every path it would write is checked first, and when anything fails
 * (a path of the wrong kind, the first build) what it wrote is removed again. And the secrets it
 * tells people to commit around: an existing .gitignore gets the lines it lacks.
 */
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../lib/cli.js";

let work: string;
let cases = 0;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "shortlinks-init-writes-"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** init with a published spec: the vendored tarball (npm pack) only where a case is about it. */
async function init(...args: string[]) {
  return initWith(...args, "--package", "0.1.0");
}

async function initWith(...args: string[]) {
  const lines: string[] = [];
  const code = await main(["init", ...args], {
    out: (t) => lines.push(t),
    err: (t) => lines.push(t),
  });
  return { code, text: lines.join("\n") };
}

/** Every entry under `dir` (folders too) with a hash of each file's bytes. */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((e) => {
      const path = join(e.parentPath, e.name);
      const what = e.isFile() ? createHash("sha256").update(readFileSync(path)).digest("hex") : "/";
      return `${path.slice(dir.length + 1)} ${what}`;
    })
    .sort();
}

/** A new folder holding `files` (path -> text; a text ending in "/" makes a folder). */
function folderWith(files: Record<string, string>): string {
  const dir = join(work, `case-${++cases}`);
  mkdirSync(dir);
  for (const [path, text] of Object.entries(files)) {
    if (path.endsWith("/")) mkdirSync(join(dir, path), { recursive: true });
    else {
      mkdirSync(join(dir, path, ".."), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
  }
  return dir;
}

describe("init checks every path first, and writes nothing when one is wrong", () => {
  it.each<[string, Record<string, string>, string]>([
    [".github is a file", { ".github": "mine\n" }, ".github"],
    [".github/workflows is a file", { ".github/workflows": "mine\n" }, ".github/workflows"],
    ["custom is a file", { custom: "mine\n" }, "custom"],
    ["custom/links is a file", { "custom/links": "mine\n" }, "custom"],
    ["custom/tests.yaml is a folder", { "custom/tests.yaml/": "" }, "custom/tests.yaml"],
    ["package.json is a folder", { "package.json/": "" }, "package.json"],
    [
      "src/worker.js is someone else's",
      { "src/worker.js": "export default 1;\n" },
      "src/worker.js",
    ],
    ["src is a file", { src: "mine\n" }, "src"],
    ["dist holds someone else's files", { "dist/notes.txt": "mine\n" }, "dist"],
  ])("%s: exit 2, one coded line naming it, the folder as it was", async (_what, files, named) => {
    const dir = folderWith(files);
    const before = snapshot(dir);
    const r = await init(dir);
    expect(r.text).not.toMatch(/internal error|\n\s+at /);
    expect(r.code, r.text).toBe(2);
    const coded = r.text.split("\n").filter((l) => /\bSL\d{3}\b/.test(l));
    expect(coded).toHaveLength(1);
    expect(coded[0]).toContain(named);
    expect(snapshot(dir)).toEqual(before);
  });

  it("after a refusal the folder is no instance: fixed, a second init succeeds", async () => {
    const dir = folderWith({ ".github": "mine\n" });
    expect((await init(dir)).code).toBe(2);
    rmSync(join(dir, ".github"));
    const again = await init(dir);
    expect(again.code, again.text).toBe(0);
    expect(existsSync(join(dir, ".github/workflows/shortlinks.yml"))).toBe(true);
  }, 60_000);

  it("init FILE: exit 2, one coded line, the file as it was", async () => {
    const file = join(work, "a-file");
    writeFileSync(file, "mine\n");
    const r = await init(file);
    expect(r.text).not.toMatch(/internal error|\n\s+at /);
    expect(r.code).toBe(2);
    expect(r.text.split("\n").filter((l) => /\bSL113\b/.test(l))).toHaveLength(1);
    expect(readFileSync(file, "utf8")).toBe("mine\n");
  });

  it("a first build that fails takes back everything init wrote, vendor/ too; the user's files stay", async () => {
    const dir = folderWith({ "custom/public/_headers": "this is not a header rule\n" });
    const before = snapshot(dir);
    const r = await initWith(dir);
    expect(r.code, r.text).toBe(1);
    expect(r.text).toMatch(/SL401/);
    expect(r.text).toMatch(/nothing was written|wrote nothing/);
    expect(snapshot(dir)).toEqual(before);
  }, 60_000);
});

describe("init and an existing .gitignore", () => {
  const WANTED = ["node_modules/", "dist/", ".wrangler/", ".dev.vars"];

  it("gets the lines it lacks, keeps the user's own, and says so", async () => {
    const dir = folderWith({ ".gitignore": "mine\n/dist\n" });
    const r = await init(dir);
    expect(r.code, r.text).toBe(0);
    const lines = readFileSync(join(dir, ".gitignore"), "utf8").split("\n");
    expect(lines.slice(0, 2)).toEqual(["mine", "/dist"]);
    for (const entry of ["node_modules/", ".wrangler/", ".dev.vars"])
      expect(lines).toContain(entry);
    expect(lines).not.toContain("dist/"); // /dist already ignores it
    expect(r.text).toMatch(/\.gitignore.*node_modules\/.*\.dev\.vars/);
  }, 60_000);

  it("a .gitignore that ignores everything already is kept byte for byte", async () => {
    const text = "# mine\r\nnode_modules\r\n/dist/\r\n.wrangler\r\n.dev.vars\r\n";
    const dir = folderWith({ ".gitignore": text });
    expect((await init(dir)).code).toBe(0);
    expect(readFileSync(join(dir, ".gitignore"), "utf8")).toBe(text);
  }, 60_000);

  it("CRLF and a missing last line end: the added lines follow the file's own", async () => {
    const dir = folderWith({ ".gitignore": "mine\r\nother" });
    expect((await init(dir)).code).toBe(0);
    const text = readFileSync(join(dir, ".gitignore"), "utf8");
    expect(text.startsWith("mine\r\nother\r\n")).toBe(true);
    expect(text.split("\r\n")).toEqual(expect.arrayContaining(WANTED));
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
  }, 60_000);

  it("a line that un-ignores .dev.vars later is overruled by a line after it", async () => {
    const dir = folderWith({ ".gitignore": ".dev.vars\n!.dev.vars\n" });
    expect((await init(dir)).code).toBe(0);
    const lines = readFileSync(join(dir, ".gitignore"), "utf8").trimEnd().split("\n");
    expect(lines.lastIndexOf(".dev.vars")).toBeGreaterThan(lines.indexOf("!.dev.vars"));
  }, 60_000);
});
