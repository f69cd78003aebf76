/**
 * What a person reads: every error and warning, and one line per group of `info` diagnostics
 * (for example 3,000 exact overrides under one splat are one line, at the splat); where one code
 * repeats more than REPEAT_LIMIT times, its first REPEAT_SHOWN and one line saying how many more.
 * `--verbose` and `--json` keep each one.
 */
import { isError, sortDiagnostics, type Diagnostic } from "../shared/diagnostics.js";

export function summarizeInfo(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const groups = new Map<string, { first: Diagnostic; count: number }>();
  for (const d of diagnostics) {
    if (d.severity !== "info" || !d.group) {
      out.push(d);
      continue;
    }
    const key = `${d.code}\n${d.group.file}\n${d.group.line}\n${d.group.subject}`;
    const seen = groups.get(key);
    if (seen) seen.count++;
    else {
      const entry = { first: d, count: 1 };
      groups.set(key, entry);
      out.push(d); // replaced below, keeping the group's first position in the order
    }
  }
  const summarized = out.map((d) => {
    if (d.severity !== "info" || !d.group) return d;
    const { count } = groups.get(
      `${d.code}\n${d.group.file}\n${d.group.line}\n${d.group.subject}`,
    )!;
    return {
      code: d.code,
      severity: d.severity,
      file: d.group.file,
      line: d.group.line,
      message: `${d.group.subject}: ${summaryOf(d.code, count)}`,
    };
  });
  return sortDiagnostics(summarized);
}

function summaryOf(code: string, count: number): string {
  const one = count === 1;
  if (code === "SL307")
    return `${count} exact link${one ? "" : "s"} below it win${one ? "s" : ""} over it (intended overrides; --verbose lists them)`;
  if (code === "SL853")
    return `${count} answer${one ? "s" : ""} more paths in shortlinks than on the platform (trailing slash, letter case, /x of /x/*, lines past its limits; --verbose lists them)`;
  return `${count} of this kind (--verbose lists them)`;
}

/** A code printed more often than this is cut to its first REPEAT_SHOWN and a summary line. */
export const REPEAT_LIMIT = 5;
export const REPEAT_SHOWN = 3;

export interface Repeated {
  /** The first of them: its code and severity are the line's. */
  first: Diagnostic;
  /** How many of this code were printed, and how many there are. */
  shown: number;
  total: number;
}

/** The diagnostics to print of each code (in their order), and the codes cut short. */
export function capRepeats(diagnostics: readonly Diagnostic[]): {
  shown: Diagnostic[];
  repeated: Repeated[];
} {
  const totals = new Map<string, number>();
  for (const d of diagnostics) totals.set(d.code, (totals.get(d.code) ?? 0) + 1);
  const printed = new Map<string, number>();
  const shown = diagnostics.filter((d) => {
    if ((totals.get(d.code) ?? 0) <= REPEAT_LIMIT) return true;
    const n = (printed.get(d.code) ?? 0) + 1;
    printed.set(d.code, n);
    return n <= REPEAT_SHOWN;
  });
  const repeated = [...printed.keys()].sort().map((code) => ({
    first: diagnostics.find((d) => d.code === code)!,
    shown: REPEAT_SHOWN,
    total: totals.get(code) ?? 0,
  }));
  return { shown, repeated };
}

/** The line that stands for the ones not printed: `SL317 (warning): 163 more like these, …`. */
export function repeatedLine(r: Repeated): string {
  const level = isError(r.first) ? "" : ` (${r.first.severity})`;
  return `${r.first.code}${level}: ${r.total - r.shown} more like these, ${r.total} in all (--verbose lists every one)`;
}
