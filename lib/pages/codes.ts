/**
 * Diagnostic codes of the page stage (SL6xx). Mirrored in docs/pages.md.
 * Kept here rather than in lib/diagnostics.ts so the page stage owns its table; the shape is the
 * shared `Diagnostic`.
 */
import type { Diagnostic, Place, Severity } from "../diagnostics.js";

export const PAGE_CODES = {
  SL650: { severity: "error", title: "text key missing in a language" },
  SL651: { severity: "error", title: "template uses a text key that does not exist" },
  SL652: { severity: "warning", title: "custom text key overrides nothing" },
  SL653: { severity: "error", title: "texts file missing, unreadable or not a mapping of texts" },
  SL654: { severity: "error", title: "template placeholder or partial unknown" },
  SL655: { severity: "error", title: "page breaks the strict content security policy" },
  SL656: { severity: "warning", title: "custom template overrides nothing" },
} as const satisfies Record<string, { severity: Severity; title: string }>;

export type PageCode = keyof typeof PAGE_CODES;

export function pageDiag(code: PageCode, at: Place, message: string, hint?: string): Diagnostic {
  const d: Diagnostic = {
    code,
    severity: PAGE_CODES[code].severity,
    file: at.file,
    line: at.line,
    message,
  };
  if (hint !== undefined) d.hint = hint;
  return d;
}
