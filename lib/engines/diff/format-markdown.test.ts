/** The review comment: a summary line, tables, long lists collapsed, values that cannot break the Markdown. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CONTROLS,
  hostileReport,
  hostileText,
  RAW_CONTROL,
} from "../../../test/support/hostile-text.js";
import { cellPipes, liveText } from "../../../test/support/markdown-live.js";
import type { LinkRecord } from "../../../runtime/contract/index.js";
import type { DiffReport } from "./report.js";
import { COLLAPSE_ROWS, formatDiffMarkdown, MAX_ROWS } from "./format-markdown.js";

const link = (i: number, extra: Partial<LinkRecord> = {}): LinkRecord => ({
  kind: "exact",
  slug: `s${i}`,
  key: `s${i}`,
  target: `https://example.com/${i}`,
  status: 302,
  state: "active",
  forward_query: true,
  file: "custom/links/a.yaml",
  line: i + 1,
  ...extra,
});

function report(overrides: Partial<DiffReport> = {}): DiffReport {
  return {
    base: "origin/main",
    base_commit: "0123456789abcdef0123456789abcdef01234567",
    head: "worktree",
    at: "2030-01-01T00:00:00.000Z",
    days: 7,
    links: { added: [], removed: [], changed: [] },
    routing: [],
    host_changes: [],
    route_changes: [],
    schedule_events: [],
    problems: [],
    ...overrides,
  };
}

describe("diff --markdown", () => {
  it("starts with the summary line: problems, then what changed", () => {
    const text = formatDiffMarkdown(
      report({
        links: { added: [link(1)], removed: [], changed: [] },
        problems: [
          {
            code: "SL801",
            severity: "error",
            file: "custom/links/a.yaml",
            line: 3,
            message: "gone",
          },
        ],
      }),
    );
    const lines = text.split("\n");
    expect(lines[0]).toBe("### Short links: `origin/main` → the work tree");
    expect(lines[2]).toMatch(/^❌ \*\*1 error, 0 warnings\*\* · 1 added · 0 removed · 0 changed/);
    expect(text).toContain("| ❌ error | SL801 | `custom/links/a.yaml:3` | `gone` |");
    expect(formatDiffMarkdown(report())).toContain("✅ **0 errors, 0 warnings**");
  });

  it(`short lists are tables; more than ${COLLAPSE_ROWS} rows fold into <details>; at most ${MAX_ROWS} rows are shown`, () => {
    const few = formatDiffMarkdown(
      report({ links: { added: [link(1), link(2)], removed: [], changed: [] } }),
    );
    expect(few).toContain("#### Links added (2)");
    expect(few).not.toContain("<details>");
    const many = Array.from({ length: MAX_ROWS + 5 }, (_, i) => link(i));
    const long = formatDiffMarkdown(report({ links: { added: many, removed: [], changed: [] } }));
    expect(long).toContain(`<details><summary><b>Links added (${MAX_ROWS + 5})</b></summary>`);
    expect(long.match(/^\| `s\d+` \|/gm)).toHaveLength(MAX_ROWS);
    expect(long).toContain("… and 5 more: run `shortlinks diff` for all.");
  });

  it("pipes, backticks and HTML in values cannot break a table or inject markup", () => {
    const text = formatDiffMarkdown(
      report({
        links: {
          added: [link(1, { target: "https://example.com/a?q=x|y&`z`" })],
          removed: [],
          changed: [],
        },
        problems: [
          {
            code: "SL803",
            severity: "error",
            file: "custom/links/a.yaml",
            line: 1,
            message: "target <img src=x> | moved",
          },
        ],
      }),
    );
    expect(text).toContain("| `` https://example.com/a?q=x\\|y&`z` `` |");
    expect(text).toContain("| `target <img src=x> \\| moved` |");
  });
});

/** What every line of the comment starts with: nothing user text could open a block with. */
const LINE_STARTS = /^(### |#### |\| |<details><summary>|<\/details>$|<sub>|… and |✅ |❌ |$)/;

/** User text shows only inside code spans; tables keep their columns; no line is the user's. */
function expectInert(markdown: string, marker: string): void {
  expect(markdown).not.toMatch(RAW_CONTROL);
  let columns = 0;
  for (const line of markdown.split("\n")) {
    expect(line).toMatch(LINE_STARTS);
    expect(liveText(line)).not.toContain(marker);
    if (!line.startsWith("| ")) columns = 0;
    else if (columns === 0)
      columns = cellPipes(line); // the table's header
    else expect(cellPipes(line), line).toBe(columns);
  }
}

describe("diff --markdown: user text is inert", () => {
  it("a description holding backticks stays in its code span: no live <img> or @mention", () => {
    const description = "x `` <img src=x onerror=alert(1)> @octocat MARK ``";
    const text = formatDiffMarkdown(hostileReport(description));
    expect(liveText(text)).not.toMatch(/<img|@octocat/);
    expectInert(text, "MARK");
  });

  it("newlines, pipes and markup in user text cannot start a block or a cell", () => {
    const text = formatDiffMarkdown(
      hostileReport(
        "a\n# MARK\r\n| x | y |\n<details>\n![i](https://x.example/i.png) [l](https://x)",
      ),
    );
    expectInert(text, "MARK");
  });

  it("every C0 and C1 control, DEL and bidi override is shown escaped, never raw", () => {
    for (const c of CONTROLS)
      expectInert(formatDiffMarkdown(hostileReport(`a${c}MARK${c}`)), "MARK");
  });

  it("property: text made of backtick runs, markup, controls and newlines is never live", () => {
    fc.assert(
      fc.property(hostileText("MARK"), (text) =>
        expectInert(formatDiffMarkdown(hostileReport(text)), "MARK"),
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) },
    );
  });
});
