/** The page stage's codes (SL65x) live in the one table of lib/diagnostics.ts; see docs/pages.md. */
import {
  DIAGNOSTIC_CODES,
  diag,
  type Diagnostic,
  type DiagnosticCode,
  type Place,
} from "../diagnostics.js";

export type PageCode = Extract<DiagnosticCode, `SL65${string}`>;

export const PAGE_CODES = Object.fromEntries(
  Object.entries(DIAGNOSTIC_CODES).filter(([code]) => code.startsWith("SL65")),
) as Pick<typeof DIAGNOSTIC_CODES, PageCode>;

export function pageDiag(code: PageCode, at: Place, message: string, hint?: string): Diagnostic {
  return diag(code, at, message, hint);
}
