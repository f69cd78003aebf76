/**
 * Warnings people can act on: exact overrides under a catch-all splat are the intended pattern
 * of a large table. `check` prints one summary line per splat, `--verbose` lists each override,
 * `--json` keeps every one with severity "info"; errors and warnings print as before.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./support/run-cli.js";

let root: string;
let built: { code: number; out: string; err: string };

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "shortlinks-quiet-"));
  mkdirSync(join(root, "custom", "links"), { recursive: true });
  writeFileSync(
    join(root, "custom", "site.yaml"),
    "site_name: T\nbase_url: https://go.example.org\n",
  );
  const rows = ["- slug: gh/*\n  target: https://github.com/:splat"];
  for (let i = 0; i < 40; i++) rows.push(`- slug: gh/p${i}\n  target: https://example.com/p${i}`);
  rows.push("- slug: docs/*\n  target: https://docs.example.com/");
  rows.push("- slug: docs/a\n  target: https://example.com/a");
  rows.push("- slug: docs/deep/*\n  target: https://deep.example.com/"); // SL308 stays a warning
  writeFileSync(join(root, "custom", "links", "links.yaml"), rows.join("\n") + "\n");
  built = await run("build"); // also writes src/worker.js, which check compares
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const run = (...args: string[]) => runCli([...args, "--root", root]);

describe("SL307 overrides under a splat are info, summarised per splat", () => {
  it("check prints one line per splat, not one per override, and the warnings in full", async () => {
    const { code, out } = await run("check");
    expect(code).toBe(0);
    const sl307 = out.split("\n").filter((l) => l.includes("SL307"));
    expect(sl307).toEqual([
      'custom/links/links.yaml:1: SL307 (info) splat link "gh/*": 40 exact links below it win over it (intended overrides; --verbose lists them)',
      'custom/links/links.yaml:83: SL307 (info) splat link "docs/*": 1 exact link below it wins over it (intended overrides; --verbose lists them)',
    ]);
    expect(out).toMatch(/links\.yaml:87: SL308 \(warning\)/);
    expect(out).toMatch(/ok: 44 links, 0 errors, 1 warning, 41 info/);
  });

  it("--verbose lists every override with its place", async () => {
    const { out } = await run("check", "--verbose");
    const listed = out.split("\n").filter((l) => /: SL307 \(info\) exact link/.test(l));
    expect(listed).toHaveLength(41);
    expect(listed[0]).toBe(
      'custom/links/links.yaml:3: SL307 (info) exact link "gh/p0" lies under splat link "gh/*" at custom/links/links.yaml:1; the exact link wins',
    );
  });

  it("--json keeps every override with its own severity", async () => {
    const { out } = await run("check", "--json");
    const report = JSON.parse(out) as {
      ok: boolean;
      diagnostics: { code: string; severity: string }[];
    };
    expect(report.ok).toBe(true);
    const infos = report.diagnostics.filter((d) => d.code === "SL307");
    expect(infos).toHaveLength(41);
    expect(new Set(infos.map((d) => d.severity))).toEqual(new Set(["info"]));
    expect(report.diagnostics.find((d) => d.code === "SL308")?.severity).toBe("warning");
  });

  it("build prints the same summary, not forty lines", () => {
    expect(built.code).toBe(0);
    expect(built.err.split("\n").filter((l) => l.includes("SL307"))).toHaveLength(2);
  });
});
