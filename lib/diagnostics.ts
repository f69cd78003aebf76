/**
 * Diagnostics: every problem the compiler finds, with a stable code, a place and a hint.
 * The code table below is mirrored in docs/compiler.md.
 */

export type Severity = "error" | "warning";

export interface Diagnostic {
  code: string;
  severity: Severity;
  /** Path relative to the instance root, with `/` separators. */
  file: string;
  /** 1-based; 0 when the problem concerns the whole file. */
  line: number;
  message: string;
  hint?: string;
}

export interface Place {
  file: string;
  line: number;
}

/** Every code the compiler itself emits (the target module's SL201..SL212 come with their own text). */
export const DIAGNOSTIC_CODES = {
  SL101: { severity: "error", title: "source file cannot be parsed" },
  SL102: { severity: "error", title: "source file does not hold a list of rows" },
  SL103: { severity: "error", title: "row is not a mapping" },
  SL104: { severity: "error", title: "required field missing" },
  SL105: { severity: "error", title: "field has the wrong type or value" },
  SL106: { severity: "error", title: "unknown field" },
  SL107: { severity: "error", title: "CSV header does not name the expected columns" },
  SL108: { severity: "warning", title: "no link sources found" },
  SL220: { severity: "error", title: "blocklist file cannot be parsed or has the wrong shape" },
  SL221: { severity: "error", title: "blocklist entry is invalid" },
  SL222: {
    severity: "error",
    title: "blocklist removal names no default entry or gives no reason",
  },
  SL290: { severity: "warning", title: "a target rule is bypassed by an allowance" },
  SL291: { severity: "error", title: "allowance names a rule that cannot be bypassed" },
  SL292: { severity: "warning", title: "allowance is not needed by its target" },
  SL301: { severity: "error", title: "slug holds characters outside the slug charset" },
  SL302: { severity: "error", title: "slug is too long" },
  SL303: { severity: "error", title: "slug is reserved" },
  SL304: { severity: "error", title: "slug collides with a static file" },
  SL305: { severity: "error", title: "duplicate slug after normalisation" },
  SL306: { severity: "warning", title: "slugs differ only by case" },
  SL307: { severity: "warning", title: "splat link covers an exact link" },
  SL308: { severity: "warning", title: "splat link nested in another splat link" },
  SL310: { severity: "error", title: "splat link shadows a static file" },
  SL311: { severity: "error", title: "schedule on a splat link" },
  SL312: { severity: "error", title: "schedule time is not ISO 8601 with an offset" },
  SL313: { severity: "error", title: "schedule has no bound" },
  SL314: { severity: "error", title: "schedule start is not before its end" },
  SL320: { severity: "error", title: "src/worker.js differs from the fresh bundle" },
  SL330: { severity: "error", title: "generated runtime asset does not match its schema" },
  SL401: { severity: "error", title: "_headers line cannot be parsed" },
  SL402: { severity: "error", title: "custom _headers drops or weakens a mandatory control" },
  SL403: { severity: "warning", title: "more _headers rules than Cloudflare applies (100)" },
  SL501: { severity: "error", title: "site.yaml missing or unreadable" },
  SL502: { severity: "error", title: "site.yaml field invalid" },
  SL503: { severity: "error", title: "tests.yaml row invalid" },
  SL504: { severity: "error", title: "custom public file collides with a product or private path" },
  SL505: { severity: "error", title: "custom public file is too large for the platform" },
  SL506: { severity: "error", title: "an expectation of custom/tests.yaml is not met" },
  SL601: { severity: "error", title: "no built bundle in the output folder" },
  SL602: { severity: "error", title: "wrangler.json of the bundle is unreadable or incomplete" },
  SL603: { severity: "warning", title: ".dev.vars line cannot be parsed (ignored)" },
  SL604: {
    severity: "error",
    title: "custom/vars.yaml is unreadable or not a mapping of names to values",
  },
  SL605: { severity: "error", title: "the local server cannot listen on the address" },
  SL606: { severity: "warning", title: "rebuild failed; the previous bundle keeps serving" },
  SL650: { severity: "error", title: "text key missing in a language" },
  SL651: { severity: "error", title: "template uses a text key that does not exist" },
  SL652: { severity: "warning", title: "custom text key overrides nothing" },
  SL653: { severity: "error", title: "texts file missing, unreadable or not a mapping of texts" },
  SL654: { severity: "error", title: "template placeholder or partial unknown" },
  SL655: { severity: "error", title: "page breaks the strict content security policy" },
  SL656: { severity: "warning", title: "custom template overrides nothing" },
} as const satisfies Record<string, { severity: Severity; title: string }>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

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

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
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

/** `file:line: CODE message` (plus an indented hint line). */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.line > 0 ? `${d.file}:${d.line}` : d.file;
  const level = d.severity === "warning" ? " (warning)" : "";
  const head = `${where}: ${d.code}${level} ${d.message}`;
  return d.hint ? `${head}\n  hint: ${d.hint}` : head;
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
