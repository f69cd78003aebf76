/**
 * SL117 and SL118 (docs/limits.md, "Text a person reads"): a link's text is printed by check and
 * diff, posted in pull-request comments and shown on the stats page, so it holds no control
 * character and no bidi override (a description or an allow reason may hold line breaks and
 * tabs), and no field holds a lone surrogate, which is no character at all. The diagnostic names
 * the field and the code point, never the character itself.
 */
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { CONTROL_CHARACTER, LONE_SURROGATE } from "../../../shared/printable.js";
import type { RawRow } from "./raw-row.js";

/** Free text: every character except controls; the multi-line ones keep line breaks and tabs. */
const SINGLE_LINE = [
  "owner",
  "tags",
  "schedule.label",
  "title",
  "preview.title",
  "preview.description",
  "preview.image",
] as const;
const MULTI_LINE = ["description", "allow.reason", "notes"] as const;

const FORBIDDEN_SINGLE = new RegExp(CONTROL_CHARACTER.source, "g");
const FORBIDDEN_MULTI = new RegExp(`(?![\\t\\n]|\\r\\n)${CONTROL_CHARACTER.source}`, "g");

const codePoint = (c: string) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;

function kindOf(c: string): string {
  if (/[\u202a-\u202e\u2066-\u2069]/.test(c))
    return "a bidi control, which reorders the text shown";
  if (/[\u2028\u2029]/.test(c)) return "a line or paragraph separator";
  return "a control character";
}

/** Every string of the row: the field it belongs to (`tags` for each tag), and its name in text. */
function stringsOf(value: Record<string, unknown>): [string, string, string][] {
  const out: [string, string, string][] = [];
  const visit = (field: string, v: unknown, depth: number, item = "") => {
    if (typeof v === "string") out.push([field, `"${field}"${item}`, v]);
    else if (Array.isArray(v))
      v.forEach((inner, i) => visit(field, inner, depth, ` (item ${i + 1})`));
    else if (v !== null && typeof v === "object" && depth === 0)
      for (const [key, inner] of Object.entries(v)) visit(`${field}.${key}`, inner, 1);
  };
  for (const [key, v] of Object.entries(value)) visit(key, v, 0);
  return out;
}

/** Any control, separator, bidi control or surrogate: what an offence needs, and more. */
const SUSPECT = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]/;

/** Whether a string stringsOf visits holds a SUSPECT character (without listing them). */
function hasSuspect(v: unknown, depth: number): boolean {
  if (typeof v === "string") return SUSPECT.test(v);
  if (Array.isArray(v)) return v.some((inner) => hasSuspect(inner, depth));
  if (v === null || typeof v !== "object" || depth > 0) return false;
  for (const key in v)
    if (Object.hasOwn(v, key) && hasSuspect((v as Record<string, unknown>)[key], depth + 1))
      return true;
  return false;
}

/** SL117 and SL118 for the fields of `row`; one diagnostic per field, for its first offence. */
export function textFieldProblems(row: RawRow): Diagnostic[] {
  // Most rows hold no suspect character at all: nothing to list or look at twice.
  if (!hasSuspect(row.value, -1)) return [];
  const out: Diagnostic[] = [];
  const flagged = new Set<string>();
  const at = (field: string) => ({
    file: row.file,
    line: row.fieldLines[field] ?? row.fieldLines[field.split(".")[0]] ?? row.line,
  });
  for (const [field, name, text] of stringsOf(row.value as Record<string, unknown>)) {
    if (flagged.has(field)) continue;
    const lone = LONE_SURROGATE.exec(text);
    if (lone) {
      flagged.add(field);
      out.push(
        diag(
          "SL118",
          at(field),
          `field ${name} holds a lone surrogate ${codePoint(lone[0])} at character ${lone.index + 1}: half of a character, without its other half`,
          "a \\uD800-style escape without its pair, or a file saved in a broken encoding: write the character itself",
        ),
      );
      continue;
    }
    const multi = (MULTI_LINE as readonly string[]).includes(field);
    if (!multi && !(SINGLE_LINE as readonly string[]).includes(field)) continue;
    const pattern = multi ? FORBIDDEN_MULTI : FORBIDDEN_SINGLE;
    pattern.lastIndex = 0;
    const control = pattern.exec(text);
    if (!control) continue;
    flagged.add(field);
    out.push(
      diag(
        "SL117",
        at(field),
        `field ${name} holds ${codePoint(control[0])}, ${kindOf(control[0])}, at character ${control.index + 1}`,
        multi
          ? `remove it: ${field} may hold line breaks and tabs, and no other control (docs/limits.md)`
          : `remove it: ${field === "tags" ? "a tag" : field} is one line of text without controls (docs/limits.md)`,
      ),
    );
  }
  return out;
}
