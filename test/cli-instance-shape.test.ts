/**
 * Instances of the wrong shape, as a slip of the hand makes them: a folder where a file belongs,
 * a file where a folder belongs, a symbolic link to nothing or to a file outside the instance.
 * Every command that reads the instance answers with one coded line naming the path (SL508),
 * exits 1, writes nothing, and never prints "internal error", a stack, or what an outside file
 * holds. The bad arguments are test/cli-arguments.test.ts.
 */
import { execFileSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runCli } from "./support/run-cli.js";
import { REPO } from "./support/build-instance.js";

let work: string;
let outside: string;
let cases = 0;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "shortlinks-shape-"));
  outside = join(work, "outside.yaml");
  writeFileSync(outside, "site_name: OUTSIDE-SECRET\n");
  writeFileSync(join(work, "_redirects"), "/imported https://example.com/imported\n");
  vi.stubEnv("ANALYTICS_PROVIDER", undefined); // analytics test would send events otherwise
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(work, { recursive: true, force: true });
});

const folder = (path: string) => mkdirSync(path, { recursive: true });
const file = (path: string) => writeFileSync(path, "x\n");
const replace = (make: (path: string) => void) => (path: string) => {
  rmSync(path, { recursive: true, force: true });
  make(path);
};

/** [name, the path under the instance, what is put there]. */
const SHAPES: [string, string, (path: string) => void][] = [
  ["site.yaml is a folder", "custom/site.yaml", replace(folder)],
  ["site.yaml links outside", "custom/site.yaml", replace((p) => symlinkSync(outside, p))],
  [
    "site.yaml links to nothing",
    "custom/site.yaml",
    replace((p) => symlinkSync(join(work, "nothing.yaml"), p)),
  ],
  ["custom is a file", "custom", replace(file)],
  ["links is a file", "custom/links", replace(file)],
  ["tests.yaml is a folder", "custom/tests.yaml", replace(folder)],
  ["public is a file", "custom/public", replace(file)],
  ["public/_headers is a folder", "custom/public/_headers", replace(folder)],
  ["blocklist.yaml is a folder", "custom/blocklist.yaml", replace(folder)],
  ["acknowledgements.yaml is a folder", "custom/acknowledgements.yaml", replace(folder)],
  ["vars.yaml is a folder", "custom/vars.yaml", replace(folder)],
  ["pages is a file", "custom/pages", replace(file)],
  ["a page template is a folder", "custom/pages/paused.html", replace(folder)],
  ["texts is a file", "custom/texts", replace(file)],
  [
    "a texts file links outside",
    "custom/texts/fr.yaml",
    replace((p) => (folder(join(p, "..")), symlinkSync(outside, p))),
  ],
  ["defaults is a file", "defaults", replace(file)],
  ["defaults is an empty folder", "defaults", replace(folder)],
  [
    "defaults lacks a page template",
    "defaults",
    replace((p) => {
      cpSync(join(REPO, "defaults"), p, { recursive: true });
      rmSync(join(p, "pages", "not-found.html"));
    }),
  ],
];

const COMMANDS: [string, string[]][] = [
  ["build", ["build"]],
  ["check", ["check"]],
  ["check --json", ["check", "--json"]],
  ["add", ["add", "zz", "https://example.com/"]],
  ["explain", ["explain", "/docs"]],
  ["serve", ["serve", "--port", "0"]],
  ["diff", ["diff"]],
  ["health", ["health", "--only", "no-such-link"]],
  ["analytics test", ["analytics", "test"]],
  ["qr", ["qr", "docs"]],
  ["import", ["import", "redirects", "EXPORT"]],
];

/** A fresh copy of the valid instance (committed to its own git repository for diff), misshapen. */
function misshapen(at: string, make: (path: string) => void, git: boolean): string {
  const root = join(work, `case-${++cases}`);
  cpSync(join(REPO, "fixtures", "valid-basic", "custom"), join(root, "custom"), {
    recursive: true,
  });
  const run = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
      cwd: root,
      stdio: "ignore",
    });
  if (git)
    for (const args of [
      ["init", "-q"],
      ["add", "-A"],
      ["commit", "-qm", "base"],
    ])
      run(...args);
  make(join(root, at));
  return root;
}

function tree(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((p) => !p.startsWith(".git"))
    .sort();
}

describe.each(SHAPES)("%s", (_shape, at, make) => {
  it.each(COMMANDS)("%s: one coded line naming it, exit 1, nothing written", async (_c, args) => {
    const root = misshapen(at, make, args[0] === "diff");
    const before = tree(root);
    const argv = args.map((a) => (a === "EXPORT" ? join(work, "_redirects") : a));
    const run = await runCli([...argv, "--root", root]);
    const [code, out, err] = [run.code, run.outLines, run.errLines];
    const text = [...out, ...err].join("\n");
    expect(text).not.toMatch(/internal error|\n\s+at |OUTSIDE-SECRET/);
    if (args.includes("--json")) {
      const report = JSON.parse(out.join("\n")) as {
        diagnostics: { code: string; file: string }[];
      };
      expect(report.diagnostics).toMatchObject([{ code: "SL508", file: at }]);
    } else {
      const coded = [...out, ...err].filter((line) => /\bSL\d{3}\b/.test(line));
      expect(coded).toHaveLength(1);
      expect(coded[0]).toMatch(new RegExp(`^${at}: SL508 `));
    }
    expect(code).toBe(1);
    expect(tree(root)).toEqual(before);
  });
});
