/** Text a person reads: every control shown as an escape, never acted on by a terminal. */
import { describe, expect, it } from "vitest";
import { printable, printableJson } from "./printable.js";

/** Every C0 and C1 control, DEL, the separators and the bidi embeddings, overrides, isolates. */
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c)),
  ...Array.from({ length: 0x21 }, (_, c) => String.fromCharCode(0x7f + c)),
  ..."\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069",
];
const RAW = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe("printable", () => {
  it.each(CONTROLS.map((c) => [c.charCodeAt(0).toString(16).padStart(4, "0"), c]))(
    "U+%s is shown as an escape",
    (_hex, c) => {
      const shown = printable(`a${c}b`);
      expect(shown).not.toMatch(RAW);
      expect(shown).toMatch(/^a\\(n|r|t|u[0-9a-f]{4})b$/);
    },
  );

  it("a screen clear, a bell and a bidi override read as text", () => {
    expect(printable("\u001b[2J\u0007evil\u202etxt.exe")).toBe(
      "\\u001b[2J\\u0007evil\\u202etxt.exe",
    );
  });

  it("a lone surrogate is shown as an escape; a pair, emoji and other scripts stay", () => {
    expect(printable("a\ud800b\udc00")).toBe("a\\ud800b\\udc00");
    expect(printable("café 😀 ‏עברית‎ 👩‍👩‍👧")).toBe("café 😀 ‏עברית‎ 👩‍👩‍👧");
  });

  it("printableJson escapes what JSON.stringify leaves raw, and reads back as the same value", () => {
    const value = { text: CONTROLS.join("") + "\ud800", n: 1 };
    const json = printableJson(value);
    expect(json.replace(/\n/g, "")).not.toMatch(RAW);
    expect(JSON.parse(json)).toEqual(value);
  });
});
