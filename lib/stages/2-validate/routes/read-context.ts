/** Where a route's parts are written, and the diagnostics found while reading them. */
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import type { DiagnosticCode } from "../../../shared/diagnostic-codes.js";

export type FieldPath = readonly (string | number)[];

export class RouteReader {
  readonly diagnostics: Diagnostic[] = [];

  constructor(
    readonly file: string,
    /** `link "app"` */
    readonly subject: string,
    private readonly fieldLines: Readonly<Record<string, number>>,
    private readonly rowLine: number,
  ) {}

  /** The line of `path` (from the row), or of its nearest parent that has one. */
  lineOf(path: FieldPath): number {
    for (let n = path.length; n > 0; n--) {
      const line = this.fieldLines[path.slice(0, n).join(".")];
      if (line !== undefined) return line;
    }
    return this.rowLine;
  }

  report(code: DiagnosticCode, path: FieldPath, message: string, hint?: string): void {
    this.diagnostics.push(
      diag(code, { file: this.file, line: this.lineOf(path) }, `${this.subject}: ${message}`, hint),
    );
  }
}

/** `routes[1].when.country`, as messages name a place. */
export function pathText(path: FieldPath): string {
  return path
    .map((part, i) => (typeof part === "number" ? `[${part}]` : (i > 0 ? "." : "") + part))
    .join("");
}

/** The known name closest to `name` (at most two edits away), for a hint. */
export function closest(name: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance <= 2 && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

/** A value quoted for a message, cut when long. */
export function shown(value: unknown): string {
  const text =
    typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? text.slice(0, 57) + "..." : text;
}
