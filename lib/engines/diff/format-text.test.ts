/** The diff for a terminal: user text is shown with its controls escaped, one line per entry. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../shared/diagnostics.js";
import { printableJson } from "../../shared/printable.js";
import {
  CONTROLS,
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
