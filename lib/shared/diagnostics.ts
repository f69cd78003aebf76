/**
 * Diagnostics: every problem shortlinks reports, with a stable code (the registry,
 * diagnostic-codes.ts), a place and a hint. diag() is the one constructor; isError, hasErrors and
 * errorsIn decide what counts as an error.
 */
import { DIAGNOSTIC_CODES, type DiagnosticCode, type Severity } from "./diagnostic-codes.js";
import { printable } from "./printable.js";

export interface Diagnostic {
  code: string;
  severity: Severity;
  /** Path relative to the instance root, with `/` separators. */
  file: string;
  /** 1-based; 0 when the problem concerns the whole file. */
  line: number;
  message: string;
  hint?: string;
  /**
   * Diagnostics of one pattern around one place (the overrides under one splat): text output
   * prints a single line per group for `info` diagnostics unless asked for every one.
   */
  group?: Place & { subject: string };
}

export interface Place {
  file: string;
  line: number;
}

/** The one constructor: the severity comes from the registry. */
export function diag(code: DiagnosticCode, at: Place, message: string, hint?: string): Diagnostic {
  const d: Diagnostic = {
    code,
    severity: DIAGNOSTIC_CODES[code].severity,
    file: at.file,
    line: at.line,
    message,
  };
  if (hint !== undefined) d.hint = hint;
  return d;
}

/** The same diagnostic as a warning: an error the instance has deliberately accepted. */
export function demote(d: Diagnostic): Diagnostic {
  return { ...d, severity: "warning" };
}

export function isError(d: Diagnostic): boolean {
  return d.severity === "error";
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some(isError);
}

export function errorsIn(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter(isError);
}

/** Stable order: file, line, code, message. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      cmp(a.file, b.file) || a.line - b.line || cmp(a.code, b.code) || cmp(a.message, b.message),
  );
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * `file:line: CODE message` (plus an indented hint line). File names and messages quote what the
 * instance holds: their controls are shown as escapes (lib/shared/printable.ts).
 */
export function formatDiagnostic(d: Diagnostic): string {
  const where = printable(d.line > 0 ? `${d.file}:${d.line}` : d.file);
  const level = d.severity === "error" ? "" : ` (${d.severity})`;
  const head = `${where}: ${d.code}${level} ${printable(d.message)}`;
  return d.hint ? `${head}\n  hint: ${printable(d.hint)}` : head;
}

/** Describe a found value briefly for "expected X, found Y" messages. */
export function describeFound(value: unknown): string {
  if (value === null || value === undefined) return "nothing";
  if (typeof value === "string")
    return JSON.stringify(value.length > 60 ? value.slice(0, 57) + "..." : value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return "a list";
  return "a mapping";
}
