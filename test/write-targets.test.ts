/**
 * Every command that writes, aimed at every file of the instance: each is refused, no
 * "internal error", and the whole instance stays byte-identical. Then the paths no command can
 * write (a folder, a missing folder, a parent that is a file) and what qr --svg may replace
 * (docs/limits.md, "Where commands write").
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../lib/cli.js";
import { qrSvg } from "../runtime/pages/qr-svg.js";
import { CLI, REPO } from "./support/build-instance.js";

let work: string;
let root: string;
let pristine: string;
let exportFile: string;

/** The files of an instance made by init, and every other file the instance reads. */
const INSTANCE_FILES: Record<string, string> = {
  "custom/links/more.csv": "slug,target\nmore,https://example.com/more\n",
  "custom/blocklist.yaml": "{}\n",
  "custom/acknowledgements.yaml": "[]\n",
  "custom/vars.yaml": "FOO: bar\n",
  "custom/public/_headers": readFileSync(
    join(REPO, "fixtures/valid-basic/custom/public/_headers"),
    "utf8",
  ),
  "custom/public/hello.html": "<!doctype html><title>Hello</title><p>Hello</p>\n",
  "custom/pages/not-found.html": readFileSync(join(REPO, "defaults/pages/not-found.html"), "utf8"),
  "custom/texts/en.yaml": "common:\n  footer: Our footer\n",
  ".dev.vars": "PROVIDER_B_COLLECTION_KEY=secret\n",
  "package-lock.json": "{}\n",
  ".git/config": "[core]\n",
};

async function run(args: string[]) {
  const lines: string[] = [];
  const code = await main(args, { out: (t) => lines.push(t), err: (t) => lines.push(t) });
  return { code, text: lines.join("\n") };
}

const hashOf = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

/** Every file under `dir` with a hash of its bytes. */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() || e.isSymbolicLink())
    .map((e) => {
      const path = join(e.parentPath, e.name);
      const hash = e.isFile() ? hashOf(path) : "link";
      return `${path.slice(dir.length + 1)} ${hash}`;
    })
    .sort();
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "shortlinks-write-targets-"));
  root = join(work, "inst");
  expect((await run(["init", root])).code).toBe(0);
  expect(existsSync(join(root, VENDORED)), VENDORED).toBe(true);
  for (const [path, text] of Object.entries(INSTANCE_FILES)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  cpSync(join(REPO, "defaults"), join(root, "defaults"), { recursive: true });
  exportFile = join(work, "_redirects");
  writeFileSync(exportFile, "/imported https://example.com/imported\n");
  const checked = await run(["check", "--root", root]);
  expect(checked.text).toMatch(/^ok: /m);
  pristine = join(work, "pristine");
  cpSync(root, pristine, { recursive: true, verbatimSymlinks: true });
}, 120_000);

/** Puts the instance back as it was, so one case that wrote cannot hide the next one's. */
function restore(): void {
  rmSync(root, { recursive: true, force: true });
  cpSync(pristine, root, { recursive: true, verbatimSymlinks: true });
}

/** What a refusal to write says: its code, or the --into parser's usage line. */
const REFUSAL = /\b(SL113|SL120|SL340|SL341|SL855)\b|expected custom\/links\/NAME\.yaml/;
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The shortlinks init packs into the instance (npm pack's name for it). */
const VENDORED = `vendor/shortlinks-${JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).version}.tgz`;

const OWN_FILES = [
  VENDORED,
  "custom/links/links.yaml",
  ...Object.keys(INSTANCE_FILES),
  "custom/site.yaml",
  "custom/tests.yaml",
  "defaults/site.yaml",
  "defaults/pages/layout.html",
  "src/worker.js",
  "package.json",
  ".gitignore",
  ".github/workflows/shortlinks.yml",
  "dist/wrangler.json",
  "dist/assets/links.json",
];

/** [command, its arguments for a target file; the link sources a command is told to write]. */
const WRITERS: [string, (file: string) => string[], { writesLinkSources?: boolean }][] = [
  ["qr --svg", (f) => ["qr", "example", "--svg", f], {}],
  ["qr --svg --force", (f) => ["qr", "example", "--svg", f, "--force"], {}],
  ["import --into", (f) => ["import", "redirects", exportFile, "--into", f], {}],
  [
    "add --file",
    (f) => ["add", "zz-new", "https://example.com/zz", "--file", f],
    {
      writesLinkSources: true,
    },
  ],
  ["build --out", (f) => ["build", "--out", f], {}],
  ["serve --out", (f) => ["serve", "--port", "0", "--out", f], {}],
];

const isLinkSource = (file: string) => /^custom\/links\/[^/]+\.(ya?ml|csv)$/.test(file);

describe.each(WRITERS)("%s against the instance's own files", (_name, argsFor, options) => {
  it.each(OWN_FILES.filter((f) => !(options.writesLinkSources && isLinkSource(f))))(
    "%s: refused, and the instance stays byte-identical",
    async (file) => {
      const before = snapshot(root);
      const r = await run([...argsFor(join(root, file)), "--root", root]);
      const after = snapshot(root);
      if (after.join() !== before.join()) restore();
      expect(r.text).not.toMatch(/internal error|\n\s+at /);
      expect(r.text).toMatch(REFUSAL);
      expect([1, 2], r.text).toContain(r.code);
      expect(after).toEqual(before);
    },
    60_000,
  );
});

describe("init against the instance's own files", () => {
  it("init in the instance: refused, the instance byte-identical", async () => {
    const before = snapshot(root);
    const r = await run(["init", root, "--package", "0.1.0"]);
    expect(r.code).toBe(1);
    expect(r.text).toMatch(/already holds an instance/);
    expect(snapshot(root)).toEqual(before);
  });

  // A previous bundle (dist/) is the build's to replace; .gitignore gets lines (cli-init-writes).
  it.each(OWN_FILES.filter((f) => !f.startsWith("dist/") && f !== ".gitignore"))(
    "init in a folder holding only %s: that file byte-identical",
    async (file) => {
      const dir = mkdtempSync(join(work, "init-"));
      mkdirSync(join(dir, file, ".."), { recursive: true });
      cpSync(join(pristine, file), join(dir, file));
      const r = await run(["init", dir, "--package", "0.1.0"]);
      expect(r.text).not.toMatch(/internal error|\n\s+at /);
      expect(readFileSync(join(dir, file)).equals(readFileSync(join(pristine, file)))).toBe(true);
      if (r.code !== 0) expect(snapshot(dir)).toEqual([`${file} ${hashOf(join(pristine, file))}`]);
    },
    60_000,
  );
});

describe("qr --svg as a user types it in the instance folder", () => {
  it.each(["custom/links/links.yaml", "custom/site.yaml", "custom/tests.yaml"])(
    "qr example --svg %s: exit 2, the file byte-identical",
    (file) => {
      const before = readFileSync(join(root, file));
      const r = spawnSync(process.execPath, [CLI, "qr", "example", "--svg", file], {
        cwd: root,
        encoding: "utf8",
      });
      expect(r.stderr).toMatch(
        new RegExp(`^${file}: SL113 qr will not write ${file}: it is the instance's own file`, "m"),
      );
      expect(r.status).toBe(2);
      expect(readFileSync(join(root, file)).equals(before)).toBe(true);
    },
  );
});

describe("a link source that leads to another file of the instance", () => {
  it("add through custom/links/alias.yaml -> ../tests.yaml: refused, tests.yaml unchanged", async () => {
    const alias = join(root, "custom/links/alias.yaml");
    symlinkSync("../tests.yaml", alias);
    try {
      const before = snapshot(root);
      const r = await run([
        "add",
        "zz-alias",
        "https://example.com/",
        "--file",
        "custom/links/alias.yaml",
        "--root",
        root,
      ]);
      expect(r.text).not.toMatch(/internal error/);
      expect(r.code).not.toBe(0);
      expect(snapshot(root)).toEqual(before);
    } finally {
      rmSync(alias);
    }
  }, 60_000);
});

describe("paths no command can write: exit 2, one line, nothing written", () => {
  const bad = () => ({
    folder: join(work, "a-folder"),
    missing: join(work, "no-such-folder", "x.svg"),
    underFile: join(root, "package.json", "x"),
  });
  beforeAll(() => mkdirSync(join(work, "a-folder"), { recursive: true }));

  it.each([
    ["qr --svg a folder", () => ["qr", "example", "--svg", bad().folder]],
    ["qr --svg in a missing folder", () => ["qr", "example", "--svg", bad().missing]],
    ["qr --svg under a file", () => ["qr", "example", "--svg", bad().underFile]],
    ["build --out under a file", () => ["build", "--out", bad().underFile]],
  ])("%s", async (_name, args) => {
    const before = snapshot(work);
    const r = await run([...args(), "--root", root]);
    expect(r.text).not.toMatch(/internal error|\n\s+at /);
    expect(r.code, r.text).toBe(2);
    expect(r.text.split("\n").filter((l) => /\bSL\d{3}\b/.test(l))).toHaveLength(1);
    expect(snapshot(work)).toEqual(before);
  });

  it("import --into a folder named like a link source", async () => {
    const folder = join(root, "custom/links/taken.yaml");
    mkdirSync(folder);
    try {
      const before = snapshot(root);
      const r = await run([
        "import",
        "redirects",
        exportFile,
        "--into",
        "custom/links/taken.yaml",
        "--root",
        root,
      ]);
      expect(r.text).not.toMatch(/internal error/);
      expect(r.code).not.toBe(0);
      expect(snapshot(root)).toEqual(before);
    } finally {
      rmSync(folder, { recursive: true });
    }
  }, 60_000);
});

describe("qr --svg replaces only what qr wrote, or what --force names", () => {
  const url = "https://go.example.org/example";

  it("a new file is written; writing it again replaces it", async () => {
    const file = join(work, "example.svg");
    expect((await run(["qr", "example", "--svg", file, "--root", root])).code).toBe(0);
    expect((await run(["qr", "example", "--svg", file, "--root", root])).code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(qrSvg(url) + "\n");
  }, 60_000);

  it("a file qr did not write is refused (exit 2) unless --force", async () => {
    const file = join(work, "notes.txt");
    writeFileSync(file, "my notes\n");
    const refused = await run(["qr", "example", "--svg", file, "--root", root]);
    expect(refused.code).toBe(2);
    expect(refused.text).toMatch(/--force/);
    expect(readFileSync(file, "utf8")).toBe("my notes\n");
    expect((await run(["qr", "example", "--svg", file, "--force", "--root", root])).code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(qrSvg(url) + "\n");
  }, 60_000);

  it("a new file among the public files is fine: custom/public/ is what the site serves", async () => {
    const file = join(root, "custom/public/qr-example.svg");
    try {
      expect((await run(["qr", "example", "--svg", file, "--root", root])).code).toBe(0);
      expect(existsSync(file)).toBe(true);
    } finally {
      rmSync(file, { force: true });
    }
  }, 60_000);
});
