/** Turn zod issues into diagnostics that name the field, what was expected and what was found. */
import type { z } from "zod";
import { describeFound, diag, type Diagnostic } from "./diagnostics.js";
import { type DiagnosticCode } from "./diagnostic-codes.js";

export interface IssueCodes {
  missing: DiagnosticCode;
  unknown: DiagnosticCode;
  invalid: DiagnosticCode;
}

export interface IssueContext {
  file: string;
  /** Line of a field path (falls back to the row's line). */
  lineOf: (path: readonly PropertyKey[]) => number;
  /** The raw value that was validated, to report what was found. */
  raw: unknown;
  codes: IssueCodes;
  /** Prefix for messages, e.g. `row "docs"`. */
  subject?: string;
}

export function issuesToDiagnostics(error: z.ZodError, ctx: IssueContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const issue of error.issues) {
    const path = issue.path;
    const field = path.map(String).join(".");
    const prefix = ctx.subject ? `${ctx.subject}: ` : "";
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const at = { file: ctx.file, line: ctx.lineOf([...path, key]) };
        out.push(
          diag(
            ctx.codes.unknown,
            at,
            `${prefix}unknown field "${[...path, key].join(".")}"`,
            "remove it or check its spelling",
          ),
        );
      }
      continue;
    }
    const found = valueAt(ctx.raw, path);
    const at = { file: ctx.file, line: ctx.lineOf(path) };
    if (found === undefined && issue.code === "invalid_type") {
      out.push(
        diag(
          ctx.codes.missing,
          at,
          `${prefix}field "${field}" is required: ${expectedText(issue.message)}`,
        ),
      );
      continue;
    }
    out.push(
      diag(
        ctx.codes.invalid,
        at,
        `${prefix}field "${field}": ${expectedText(issue.message)}, found ${describeFound(found)}`,
      ),
    );
  }
  return out;
}

function expectedText(message: string): string {
  return message.startsWith("expected")
    ? message
    : `expected ${message.replace(/^Invalid input: expected /, "")}`;
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let value = raw;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
