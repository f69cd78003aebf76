/**
 * `shortlinks check` on an instance with 30 mixed bad rows: every problem is printed at once
 * with file:line, the exit code is 1, and `--json` has the contract's shape.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./support/run-cli.js";

const BAD_YAML_ROWS = [
  "- slug: a b\n  target: https://example.com/",
  "- slug: api\n  target: https://example.com/",
  "- slug: en/*\n  target: https://example.com/",
  "- slug: x1\n  target: ftp://example.com/",
  "- slug: x2\n  target: https://user:pw@example.com/",
  "- slug: x3\n  target: http://localhost/",
  "- slug: x4\n  target: http://10.0.0.1/",
  "- slug: x5\n  target: https://bit.ly/x",
  "- slug: x6\n  target: https://example.com/a.exe",
  "- slug: x7\n  target: /relative",
  "- slug: x8\n  target: https://example.com/\n  status: 200",
  "- slug: x9\n  target: https://example.com/\n  state: sleeping",
  "- slug: x10\n  target: https://example.com/\n  colour: red",
  "- slug: x11",
  "- slug: x12\n  target: https://example.com/\n  schedule:\n    label: s\n    start: '2026-01-01'",
  "- slug: x13\n  target: https://example.com/\n  schedule:\n    label: s",
  "- slug: x14\n  target: https://example.com/\n  schedule:\n    label: s\n    start: '2026-02-01T00:00:00Z'\n    end: '2026-01-01T00:00:00Z'",
  "- slug: g/*\n  target: https://example.com/\n  schedule:\n    label: s\n    start: '2026-01-01T00:00:00Z'",
  "- slug: x15\n  target: https://example.com/\n  forward_query: maybe",
  "- just text",
];
const CSV_HEADER =
  "slug,target,status,state,schedule_label,schedule_start,schedule_end,forward_query,description,tags,owner";
const BAD_CSV_ROWS = [
  "c1,https://example.com/,999,,,,,,,,",
  "c2,https://example.com/,,bogus,,,,,,,",
  "c3,javascript:alert(1),,,,,,,,,",
  "c4,https://example.com/,,,lbl,yesterday,,,,,",
  "c5,https://example.com/,,,,,,perhaps,,,",
  "_stats,https://example.com/,,,,,,,,,",
  "c6,https://[::1]/,,,,,,,,,",
  "c7,https://example.com/x.msi,,,,,,,,,",
  "c 8,https://example.com/,,,,,,,,,",
  "c9,http://printer.local/,,,,,,,,,",
];

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "shortlinks-30-"));
  mkdirSync(join(root, "custom", "links"), { recursive: true });
  writeFileSync(
    join(root, "custom", "site.yaml"),
    "site_name: Bad\nbase_url: https://go.example.org\n",
  );
  writeFileSync(join(root, "custom", "links", "bad.yaml"), BAD_YAML_ROWS.join("\n") + "\n");
  writeFileSync(
    join(root, "custom", "links", "bad.csv"),
    [CSV_HEADER, ...BAD_CSV_ROWS].join("\n") + "\n",
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const run = runCli;

function rowLines(): string[] {
  const lines: string[] = [];
  let line = 1;
  for (const row of BAD_YAML_ROWS) {
    lines.push(`custom/links/bad.yaml:${line}`);
    line += row.split("\n").length;
  }
  BAD_CSV_ROWS.forEach((_, i) => lines.push(`custom/links/bad.csv:${i + 2}`));
  return lines;
}

describe("check reports every problem at once", () => {
  it("30 bad rows: each row's problem is printed with file:line, and the exit code is 1", async () => {
    // --verbose: by default a code that repeats is cut to its first three (docs/compiler.md).
    const { code, out } = await run(["check", "--verbose", "--root", root]);
    expect(code).toBe(1);
    const printed = out
      .split("\n")
      .filter((l) => /^custom\/links\/bad\.(yaml|csv):\d+: SL\d{3}/.test(l));
    const rowsWithProblems = new Set<string>();
    for (const line of printed) {
      const place = /^(custom\/links\/[^:]+):(\d+)/.exec(line)!;
      const rowStart = rowLines()
        .filter((r) => r.startsWith(place[1] + ":") && Number(r.split(":")[1]) <= Number(place[2]))
        .pop();
      rowsWithProblems.add(rowStart!);
    }
    expect([...rowsWithProblems].sort()).toEqual(rowLines().sort());
    expect(rowsWithProblems.size).toBe(30);
  });

  it("--json prints {ok, diagnostics[{code, severity, file, line, message}]} on stdout", async () => {
    const { code, out } = await run(["check", "--json", "--root", root]);
    expect(code).toBe(1);
    const report = JSON.parse(out) as { ok: boolean; diagnostics: Record<string, unknown>[] };
    expect(report.ok).toBe(false);
    expect(report.diagnostics.length).toBeGreaterThanOrEqual(30);
    for (const d of report.diagnostics) {
      expect(d).toMatchObject({
        code: expect.stringMatching(/^SL\d{3}$/),
        severity: expect.stringMatching(/^(error|warning)$/),
        file: expect.any(String),
        line: expect.any(Number),
        message: expect.any(String),
      });
      expect(d.file).not.toMatch(/^\//);
    }
  });

  it.each([
    [["frobnicate"], 2],
    [["check", "--no-such-option"], 2],
    [["add", "only-a-slug"], 2],
  ])("usage errors exit 2: %j", async (args, expected) => {
    expect((await run(args)).code).toBe(expected);
  });
});
