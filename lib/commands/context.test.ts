import { describe, expect, it } from "vitest";
import { printDiagnostics, wantsColor, type Io } from "./context.js";
import type { Diagnostic } from "../shared/diagnostics.js";

const problem: Diagnostic = {
  code: "SL101",
  severity: "error",
  file: "custom/links/a.yaml",
  line: 3,
  message: "bad slug",
};

function capture(color?: Io["color"]) {
  const lines: string[] = [];
  printDiagnostics({ out: (t) => lines.push(t), err: (t) => lines.push(t), color }, [problem]);
  return lines[0]!;
}

describe("diagnostic colour", () => {
  it("captured output is plain text even when a CI variable is set", () => {
    expect(capture()).toMatch(/^custom\/links\/a\.yaml:3: SL101/);
    expect(capture()).not.toContain("\u001b[");
  });

  it("a terminal stream gets the code in colour", () => {
    expect(capture({ out: true, err: true })).toContain("\u001b[31mSL101");
  });

  it("colour follows the TTY, NO_COLOR and FORCE_COLOR, never a bare CI variable", () => {
    expect(wantsColor({ isTTY: false }, { CI: "true" })).toBe(false);
    expect(wantsColor({ isTTY: true }, {})).toBe(true);
    expect(wantsColor({ isTTY: true }, { NO_COLOR: "" })).toBe(false);
    expect(wantsColor({ isTTY: true }, { TERM: "dumb" })).toBe(false);
    expect(wantsColor({ isTTY: false }, { FORCE_COLOR: "1" })).toBe(true);
    expect(wantsColor({ isTTY: false }, { FORCE_COLOR: "0" })).toBe(false);
  });
});
