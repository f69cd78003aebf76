/** What every command gets: where to print, and how to report diagnostics. */
import pc from "picocolors";
import { formatDiagnostic, type Diagnostic } from "../diagnostics.js";

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

export const PROCESS_IO: Io = {
  out: (text) => process.stdout.write(text + "\n"),
  err: (text) => process.stderr.write(text + "\n"),
};

export const EXIT_OK = 0;
export const EXIT_PROBLEMS = 1;
export const EXIT_USAGE = 2;

/** Shared state: commands set `exitCode`; main returns it. */
export interface CommandContext {
  io: Io;
  exitCode: number;
}

/** Print every diagnostic; `to` picks the stream (check prints its report on stdout). */
export function printDiagnostics(
  io: Io,
  diagnostics: readonly Diagnostic[],
  to: "out" | "err" = "err",
): void {
  for (const d of diagnostics) {
    const line = formatDiagnostic(d);
    io[to](
      d.severity === "error"
        ? line.replace(d.code, pc.red(d.code))
        : line.replace(d.code, pc.yellow(d.code)),
    );
  }
}

export function countLine(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.length - errors;
  return `${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}`;
}
