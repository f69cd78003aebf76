/**
 * The serve stage's diagnostic codes (SL6xx) and its one error type. Expected mistakes (no bundle,
 * a broken .dev.vars line, a busy port) become a short coded message; anything else is a bug.
 */
import type { Diagnostic, Severity } from "../diagnostics.js";

export const SERVE_CODES = {
  SL601: { severity: "error", title: "no built bundle in the output folder" },
  SL602: { severity: "error", title: "wrangler.json of the bundle is unreadable or incomplete" },
  SL603: { severity: "warning", title: ".dev.vars line cannot be parsed (ignored)" },
  SL604: {
    severity: "error",
    title: "custom/vars.yaml is unreadable or not a mapping of names to values",
  },
  SL605: { severity: "error", title: "the local server cannot listen on the address" },
  SL606: { severity: "warning", title: "rebuild failed; the previous bundle keeps serving" },
} as const satisfies Record<string, { severity: Severity; title: string }>;

export type ServeCode = keyof typeof SERVE_CODES;

export function serveDiag(
  code: ServeCode,
  file: string,
  line: number,
  message: string,
  hint?: string,
): Diagnostic {
  const d: Diagnostic = { code, severity: SERVE_CODES[code].severity, file, line, message };
  if (hint !== undefined) d.hint = hint;
  return d;
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
