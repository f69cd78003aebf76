/**
 * What a person reads: every error and warning, and one line per group of `info` diagnostics
 * (for example 3,000 exact overrides under one splat are one line, at the splat). `--verbose`
 * and `--json` keep each one.
 */
import { sortDiagnostics, type Diagnostic } from "../shared/diagnostics.js";

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
