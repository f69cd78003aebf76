/**
 * The serve stage's diagnostic codes (SL6xx) and its one error type. Expected mistakes (no bundle,
 * a broken .dev.vars line, a busy port) become a short coded message; anything else is a bug.
 */
import { DIAGNOSTIC_CODES, diag, type Diagnostic, type DiagnosticCode } from "../diagnostics.js";

export type ServeCode = Extract<DiagnosticCode, `SL60${string}`>;

/** The serve codes, from the one table of lib/diagnostics.ts (see docs/serve.md). */
export const SERVE_CODES = Object.fromEntries(
  Object.entries(DIAGNOSTIC_CODES).filter(([code]) => code.startsWith("SL60")),
) as Pick<typeof DIAGNOSTIC_CODES, ServeCode>;

export function serveDiag(
  code: ServeCode,
  file: string,
  line: number,
  message: string,
  hint?: string,
): Diagnostic {
  return diag(code, { file, line }, message, hint);
}

/** An expected problem: the command prints its diagnostic without a stack and exits 1. */
export class ServeProblem extends Error {
  readonly diagnostic: Diagnostic;

  constructor(diagnostic: Diagnostic) {
    super(`${diagnostic.code} ${diagnostic.message}`);
    this.name = "ServeProblem";
    this.diagnostic = diagnostic;
  }
}
