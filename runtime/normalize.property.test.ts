/**
 * Property: the shortcuts of path normalisation (a segment without `%` is not decoded, a path
 * already in its folded shape is only case-folded) answer as the plain definitions do.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldCase } from "./case-fold.js";
import { foldPathForGuards, normalizePath } from "./normalize.js";

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function normalizeByDefinition(rawPath: string, caseSensitive: boolean) {
  if (rawPath.includes("\\")) return { ok: false, reason: "backslash" };
  const segments: string[] = [];
  for (const raw of rawPath.split("/")) {
    if (raw === "") continue;
    if (/%(2f|5c)/i.test(raw)) return { ok: false, reason: "encoded-separator" };
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return { ok: false, reason: "invalid-escape" };
    }
    if (CONTROL.test(decoded)) return { ok: false, reason: "control-character" };
    if (decoded === "." || decoded === "..") return { ok: false, reason: "dot-segment" };
    segments.push(decoded.normalize("NFC"));
  }
  const joined = segments.join("/");
  return { ok: true, segments, path: "/" + joined, key: caseSensitive ? joined : foldCase(joined) };
}

function foldByDefinition(rawPath: string): string {
  let decoded = rawPath;
  for (let i = 0; i < 3 && decoded.includes("%"); i++)
    decoded = decoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
  const folded = foldCase(decoded.replace(/\\/g, "/").replace(/[\u0000-\u0020\u007f]+$/g, ""))
    .split("/")
    .filter((s) => s !== "" && s !== ".")
    .join("/");
  return "/" + folded;
}

const unit = fc.constantFrom(
  ..."/aZ.%2fF5c0\\ é\u0301ΣẞİK\u00ad~-_",
  "\u0000",
  "\u007f",
  "\u0085",
  "\ud800",
  "%41",
  "%2e",
  "%c3%a9",
  "/./",
  "/../",
  "//",
);
const path = fc.string({ maxLength: 12, unit });
/** ASCII paths, mostly in their folded shape but for case (the guards' one-look shortcut). */
const asciiPath = fc
  .string({
    maxLength: 12,
    unit: fc.constantFrom(..."/aZbY.~-_ %\\", "\u0000", "\u007f", "\u001f"),
  })
  .map((p) => "/" + p);

describe("property: path normalisation's shortcuts change no answer", () => {
  it("normalizePath answers as decoding every segment does", () => {
    fc.assert(
      fc.property(path, fc.boolean(), (raw, caseSensitive) => {
        expect(normalizePath(raw, caseSensitive)).toEqual(
          normalizeByDefinition(raw, caseSensitive),
        );
      }),
      { numRuns: 5000 },
    );
  });

  it("foldPathForGuards answers as decoding, splitting and joining every path does", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          path,
          path.map((p) => "/" + p),
          asciiPath,
        ),
        (raw) => {
          expect(foldPathForGuards(raw)).toBe(foldByDefinition(raw));
        },
      ),
      { numRuns: 5000 },
    );
  });
});
