/** The diff for a terminal: user text is shown with its controls escaped, one line per entry. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../shared/diagnostics.js";
import { printableJson } from "../../shared/printable.js";
import {
  CONTROLS,
  diffReport,
  escapeOf,
  hexOf,
  hostileReport,
  hostileText,
  RAW_CONTROL,
} from "../../../test/support/hostile-text.js";
import { formatDiffText } from "./format-text.js";

/** What `shortlinks diff` prints for `report`: its lines, then each problem. */
function printed(text: string): string[] {
  const report = hostileReport(text);
  return [...formatDiffText(report), ...report.problems.map(formatDiagnostic)];
}

function expectNoRawControl(lines: string[]): void {
  for (const line of lines) {
    expect(line).not.toMatch(RAW_CONTROL);
    // A line feed only where a diagnostic puts its hint on the next line.
    expect(line.replace(/\n {2}hint: /, "")).not.toContain("\n");
  }
}

describe("diff (text and JSON): controls in user text are shown escaped", () => {
  it.each(CONTROLS.map((c) => [hexOf(c), c]))("U+%s never reaches the terminal raw", (_hex, c) => {
    const lines = printed(`a${c}b`);
    expectNoRawControl(lines);
    expect(lines.join("\n")).toContain(`a${escapeOf(c)}b`);
  });

  it("a screen clear in a file name and a description reads as text", () => {
    const lines = printed("docs\u001b[2J\u001b[H");
    expect(lines.join("\n")).toContain("docs\\u001b[2J\\u001b[H");
  });

  it("property: whatever the text, no line holds a raw control", () => {
    fc.assert(
      fc.property(hostileText("MARK"), (text) => expectNoRawControl(printed(text))),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) },
    );
  });

  it("property: diff --json (printableJson) holds no raw control and reads back as the report", () => {
    fc.assert(
      fc.property(hostileText("MARK"), (text) => {
        const report = hostileReport(text);
        const json = printableJson(report);
        expect(json).not.toMatch(RAW_CONTROL);
        expect(JSON.parse(json)).toEqual(report);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) },
    );
  });
});

describe("diff (text): routes", () => {
  it("each link whose routes changed: added, removed, retargeted, the new order and new hosts", () => {
    const lines = formatDiffText(
      diffReport({
        route_changes: [
          {
            slug: "app",
            file: "custom/links/a.yaml",
            line: 3,
            added: [{ route: "android", line: 9, targets: ["https://play.google.com/x"] }],
            removed: [{ route: "old", line: 7, targets: ["https://de.example.com/"] }],
            retargeted: [
              { route: "apple", line: 5, before: ["https://a/1"], after: ["https://a/2"] },
            ],
            reordered: { before: ["apple", "route 2"], after: ["route 1", "apple"] },
            new_hosts: ["play.google.com"],
          },
        ],
      }),
    );
    expect(lines.slice(lines.indexOf("routes:"))).toEqual([
      "routes:",
      "  app  custom/links/a.yaml:3",
      "    + android  https://play.google.com/x",
      "    - old  https://de.example.com/  (line 7 at base)",
      "    ~ apple  https://a/1 -> https://a/2",
      "    order: apple, route 2 -> route 1, apple",
      "    new hosts: play.google.com",
    ]);
    expect(lines[1]).toContain("1 link with routes changed");
  });
});
