/**
 * Output a CI log can hold: when one code repeats more than a handful of times, `build`, `check`
 * and `import` print its first few and one line saying how many more; `--verbose` lists every
 * one and `--json` keeps every one. A 3,400-line `_redirects` import fits on one screen.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../lib/cli.js";
import { REPEAT_SHOWN } from "../lib/commands/diagnostics-summary.js";
import { tinyInstance } from "./support/tiny-instance.js";

const OWN_404 = 20;
let root: string;
let work: string;

beforeAll(() => {
  const rows: string[] = [];
  for (let i = 0; i < OWN_404; i++)
    rows.push(`- slug: old${i}\n  target: https://go.example.org/gone${i}`);
  rows.push("- slug: fine\n  target: https://example.com/fine");
  root = tinyInstance("shortlinks-repeats-", rows.join("\n") + "\n");
  work = mkdtempSync(join(tmpdir(), "shortlinks-repeats-input-"));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

async function run(...args: string[]) {
  return runIn(root, ...args);
}

async function runIn(where: string, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main([...args, "--root", where], {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

const codeLines = (text: string, code: string) =>
  text.split("\n").filter((l) => l.includes(` ${code} `) || l.startsWith(`${code} `));

describe("repeated codes are cut to the first few and one summary line", () => {
  it("build: three SL317 warnings with their hints, then how many more", async () => {
    const { code, err } = await run("build");
    expect(code).toBe(0);
    const lines = err.split("\n");
    expect(lines.filter((l) => /: SL317 \(warning\)/.test(l))).toHaveLength(REPEAT_SHOWN);
    expect(lines).toContain(
      `SL317 (warning): ${OWN_404 - REPEAT_SHOWN} more like these, ${OWN_404} in all (--verbose lists every one)`,
    );
  });

  it("check --verbose lists every one; check --json keeps every one", async () => {
    const verbose = await run("check", "--verbose");
    expect(codeLines(verbose.out, "SL317").filter((l) => l.includes(".yaml:"))).toHaveLength(
      OWN_404,
    );
    const json = JSON.parse((await run("check", "--json")).out) as {
      diagnostics: { code: string }[];
    };
    expect(json.diagnostics.filter((d) => d.code === "SL317")).toHaveLength(OWN_404);
  });

  it("build --verbose lists every one", async () => {
    const { code, err } = await run("build", "--verbose");
    expect(code).toBe(0);
    expect(err.split("\n").filter((l) => /: SL317 \(warning\)/.test(l))).toHaveLength(OWN_404);
    expect(err).not.toMatch(/more like these/);
  });

  it("a code that repeats a handful of times or fewer is printed whole", async () => {
    const few = tinyInstance(
      "shortlinks-few-",
      "- slug: a\n  target: https://go.example.org/x\n- slug: b\n  target: https://go.example.org/y\n",
    );
    try {
      const out: string[] = [];
      await main(["check", "--root", few], { out: (t) => out.push(t), err: () => {} });
      expect(out.filter((l) => /: SL317/.test(l))).toHaveLength(2);
      expect(out.some((l) => /more like these/.test(l))).toBe(false);
    } finally {
      rmSync(few, { recursive: true, force: true });
    }
  });

  it("import: a 3,400-line _redirects file reports on one screen", async () => {
    const lines: string[] = [];
    for (let i = 0; i < 850; i++) {
      lines.push(`/p${i} /p${i}/ 301`); // a loop here (SL316) that relies on /x vs /x/ (SL385)
      lines.push(`/moved${i} /nowhere${i}`); // answers 404 on this host (SL317)
      lines.push(`/issue${i}/:id https://example.com/issues/:id 302`);
      lines.push(`/proxy${i}/* /app/:splat 200`); // a rewrite (SL851)
    }
    const input = join(work, "_redirects");
    writeFileSync(input, lines.join("\n") + "\n");
    const { code, out } = await run("import", "redirects", input);
    expect(code).toBe(1);
    const printed = out.split("\n");
    expect(printed.length).toBeLessThanOrEqual(50);
    expect(printed.at(-1)).toMatch(/^imported 1700 of 3400 link\(s\)/);
    for (const repeated of ["SL316", "SL317", "SL385", "SL851"])
      expect(printed.some((l) => l.startsWith(repeated))).toBe(true);

    // --verbose lists every one, --json keeps every one (each into an instance of its own).
    const fresh = () =>
      tinyInstance(
        "shortlinks-repeats-import-",
        "- slug: fine\n  target: https://example.com/fine\n",
      );
    const [a, b] = [fresh(), fresh()];
    try {
      const verbose = await runIn(a, "import", "redirects", input, "--verbose");
      const listed = verbose.out.split("\n").filter((l) => /:\d+: SL851 /.test(l));
      expect(listed).toHaveLength(850);
      expect(verbose.out).not.toMatch(/more like these/);
      const json = JSON.parse((await runIn(b, "import", "redirects", input, "--json")).out) as {
        diagnostics: { code: string }[];
      };
      expect(json.diagnostics.filter((d) => d.code === "SL851")).toHaveLength(850);
    } finally {
      for (const dir of [a, b]) rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
