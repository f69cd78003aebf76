/** What every command gets: where to print, and how to report diagnostics. */
import pc from "picocolors";
import { errorsIn, formatDiagnostic, isError, type Diagnostic } from "../shared/diagnostics.js";
import { capRepeats, repeatedLine, summarizeInfo } from "./diagnostics-summary.js";

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Colour diagnostic codes. Off unless set: captured output and files stay plain text. */
  color?: { out: boolean; err: boolean };
}

/**
 * Colour only what a person reads in a terminal: a stream that is a TTY, unless NO_COLOR is set;
 * FORCE_COLOR turns it on anywhere. Not picocolors' own rule, which also colours every pipe when
 * a `CI` variable exists, so `shortlinks check > report.txt` in CI would be full of escapes.
 */
export function wantsColor(stream: { isTTY?: boolean }, env = process.env): boolean {
  if ("NO_COLOR" in env) return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "0") return true;
  return stream.isTTY === true && env.TERM !== "dumb";
}

export const PROCESS_IO: Io = {
  out: (text) => process.stdout.write(text + "\n"),
  err: (text) => process.stderr.write(text + "\n"),
  color: { out: wantsColor(process.stdout), err: wantsColor(process.stderr) },
};

/** Shared state: commands set `exitCode`; main returns it. */
export interface CommandContext {
  io: Io;
  exitCode: number;
}

/**
 * Print the diagnostics; `to` picks the stream (check prints its report on stdout). Unless
 * `verbose`: `info` diagnostics of one group print as one summary line, and with `quiet` (build,
 * check, import: the commands with `--verbose`) a code that repeats more than a handful of times
 * prints its first few and one line saying how many more (diagnostics-summary.ts).
 */
export function printDiagnostics(
  io: Io,
  diagnostics: readonly Diagnostic[],
  to: "out" | "err" = "err",
  options: { verbose?: boolean; quiet?: boolean } = {},
): void {
  const colors = pc.createColors(io.color?.[to] ?? false);
  const paint = (d: Diagnostic) =>
    isError(d) ? colors.red : d.severity === "warning" ? colors.yellow : colors.cyan;
  const summarized = options.verbose ? [...diagnostics] : summarizeInfo(diagnostics);
  const { shown, repeated } =
    options.quiet && !options.verbose
      ? capRepeats(summarized)
      : { shown: summarized, repeated: [] };
  for (const d of shown) io[to](formatDiagnostic(d).replace(d.code, paint(d)(d.code)));
  for (const r of repeated)
    io[to](repeatedLine(r).replace(r.first.code, paint(r.first)(r.first.code)));
}

export function countLine(diagnostics: readonly Diagnostic[]): string {
  const errors = errorsIn(diagnostics).length;
  const infos = diagnostics.filter((d) => d.severity === "info").length;
  const warnings = diagnostics.length - errors - infos;
  const line = `${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}`;
  return infos > 0 ? `${line}, ${infos} info` : line;
}
