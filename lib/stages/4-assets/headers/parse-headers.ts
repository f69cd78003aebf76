/** Parse and render Cloudflare `_headers`: a path line, then indented `Name: value` or `! Name`. */
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import type { HeaderRule } from "../../../../runtime/contract/index.js";

export interface SourcedHeaderRule extends HeaderRule {
  file: string;
  line: number;
  /** Line of each header this rule sets or unsets, by lower-case name. */
  headerLines: Record<string, number>;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function parseHeaders(
  text: string,
  file: string,
): { rules: SourcedHeaderRule[]; diagnostics: Diagnostic[] } {
  const rules: SourcedHeaderRule[] = [];
  const diagnostics: Diagnostic[] = [];
  let current: SourcedHeaderRule | undefined;
  let skipping = false; // header lines of a refused path line are not reported again
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return;
    if (!/^\s/.test(raw)) {
      if (!trimmed.startsWith("/") && !/^https?:\/\//.test(trimmed)) {
        diagnostics.push(
          diag(
            "SL401",
            { file, line },
            `expected a path pattern starting with /, found ${JSON.stringify(trimmed)}`,
          ),
        );
        current = undefined;
        skipping = true;
        return;
      }
      skipping = false;
      current = { pattern: trimmed, set: {}, unset: [], file, line, headerLines: {} };
      rules.push(current);
      return;
    }
    if (!current) {
      if (skipping) return;
      diagnostics.push(
        diag(
          "SL401",
          { file, line },
          "header line before any path pattern",
          "start a rule with a path line such as /*",
        ),
      );
      return;
    }
    if (trimmed.startsWith("!")) {
      const name = trimmed.slice(1).trim();
      if (!HEADER_NAME.test(name)) {
        diagnostics.push(
          diag(
            "SL401",
            { file, line },
            `expected "! Header-Name", found ${JSON.stringify(trimmed)}`,
          ),
        );
        return;
      }
      current.unset.push(name);
      current.headerLines[name.toLowerCase()] = line;
      return;
    }
    const colon = trimmed.indexOf(":");
    const name = colon > 0 ? trimmed.slice(0, colon).trim() : "";
    const value = trimmed.slice(colon + 1).trim();
    if (!HEADER_NAME.test(name) || value === "") {
      diagnostics.push(
        diag(
          "SL401",
          { file, line },
          `expected "Header-Name: value", found ${JSON.stringify(trimmed)}`,
        ),
      );
      return;
    }
    const existing = Object.keys(current.set).find((k) => k.toLowerCase() === name.toLowerCase());
    if (existing) current.set[existing] += `, ${value}`;
    else current.set[name] = value;
    current.headerLines[name.toLowerCase()] = line;
  });
  return { rules, diagnostics };
}

/** Render rules back to `_headers` text (unset lines first, as they apply first). */
export function renderHeaders(rules: readonly HeaderRule[]): string {
  return rules
    .map((rule) => {
      const lines = [rule.pattern];
      for (const name of rule.unset) lines.push(`  ! ${name}`);
      for (const [name, value] of Object.entries(rule.set)) lines.push(`  ${name}: ${value}`);
      return lines.join("\n");
    })
    .join("\n\n")
    .concat("\n");
}

/** The plain compiled form the runtime reads. */
export function toHeaderRule(rule: HeaderRule): HeaderRule {
  return { pattern: rule.pattern, set: { ...rule.set }, unset: [...rule.unset] };
}
