/**
 * `.dev.vars`: local-only variables and secrets, one `KEY=VALUE` a line, as wrangler reads them.
 * `#` starts a comment line, `export ` is allowed before the key, values may be quoted
 * ('single' kept as written, "double" with \n escapes). A line that is none of these is reported
 * and ignored, never fatal: a typo must not stop the local server.
 */
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { DEV_VARS_FILE } from "../../shared/paths.js";

const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/;
const KEY_THEN_EQUALS = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/;

export interface DevVars {
  vars: Record<string, string>;
  diagnostics: Diagnostic[];
}

export function parseDevVars(text: string, file = DEV_VARS_FILE): DevVars {
  const vars: Record<string, string> = {};
  const diagnostics: Diagnostic[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (/^\s*(#.*)?$/.test(line)) return;
    const match = LINE.exec(line);
    const value = match ? unquote(match[2]) : undefined;
    if (!match || value === undefined) {
      diagnostics.push(
        diag(
          "SL603",
          { file, line: index + 1 },
          `expected KEY=VALUE, found ${describeLine(line)}`,
          "write NAME=value, with quotes around values holding spaces or #",
        ),
      );
      return;
    }
    vars[match[1]] = value;
  });
  return { vars, diagnostics };
}

/** The value without its quotes; undefined when a quote is opened and never closed. */
function unquote(raw: string): string | undefined {
  const quote = raw[0];
  if (quote === '"' || quote === "'") {
    const end = raw.indexOf(quote, 1);
    if (end < 0) return undefined;
    const rest = raw.slice(end + 1).trim();
    if (rest !== "" && !rest.startsWith("#")) return undefined;
    const inner = raw.slice(1, end);
    return quote === '"' ? inner.replace(/\\n/g, "\n").replace(/\\r/g, "\r") : inner;
  }
  const comment = raw.search(/\s#/);
  return (comment >= 0 ? raw.slice(0, comment) : raw).trim();
}

/**
 * Never echoes a value (it may be a secret): the line number comes with the diagnostic, and the
 * only text printed is the key, when the line starts with a valid one followed by `=`.
 */
function describeLine(line: string): string {
  const key = KEY_THEN_EQUALS.exec(line)?.[1];
  if (key) return `a line for ${JSON.stringify(key)} with an unclosed or trailing quote`;
  return line.includes("=")
    ? "a line whose text before = is not a variable name"
    : 'a line without "="';
}
