/**
 * SL402, a structural check of every custom `_headers` rule (no probing of sample paths):
 *
 * - A rule that removes or weakens a mandatory control (runtime/http/mandatory.ts) is an error
 *   at the line of that header, always. The value a rule leaves is judged as the worker would
 *   merge it: joined after the product default (`X-Frame-Options: SAMEORIGIN` gives
 *   `DENY, SAMEORIGIN`), or alone when the rule also detaches the header. Replacing the CSP
 *   (`! Content-Security-Policy` and a new one in the same rule) is the documented override for
 *   a different trust model, accepted when the new policy keeps `frame-ancestors 'none'` and
 *   `base-uri 'self'`.
 * - A rule that drops `no-store` from a private runtime file's fallback entry is an error, or a
 *   warning when site.yaml states a public_disclosure reason.
 *
 * The defaults' `/*` rule must set every mandatory control: its values are the references the
 * worker enforces (`mandatoryReferences`).
 */
import { PRIVATE_FILES, shardPath } from "../../../../runtime/contract/index.js";
import { MANDATORY_CONTROLS } from "../../../../runtime/http/mandatory.js";
import { demote, diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { matchesPattern } from "./match-pattern.js";
import type { SourcedHeaderRule } from "./parse-headers.js";

/** Paths whose fallback entry keeps `Cache-Control: no-store` (waivable by public_disclosure). */
const PRIVATE_PATHS = [...PRIVATE_FILES, shardPath(0), "/en/_stats/api/links.json"];

const valueOf = (rule: SourcedHeaderRule, header: string): string | undefined =>
  Object.entries(rule.set).find(([name]) => name.toLowerCase() === header)?.[1];
const detaches = (rule: SourcedHeaderRule, header: string) =>
  rule.unset.some((name) => name.toLowerCase() === header);

/** The value `rule` leaves for `header` after `before` (undefined: removed), or null if untouched. */
function leaves(
  rule: SourcedHeaderRule,
  header: string,
  before: string,
): string | undefined | null {
  const set = valueOf(rule, header);
  const unset = detaches(rule, header);
  if (set === undefined) return unset ? undefined : null;
  return unset ? set : `${before}, ${set}`;
}

export interface References {
  values: Record<string, string>;
  diagnostics: Diagnostic[];
}

/** The mandatory values of the defaults' `/*` rule; a missing or weak one is SL402 there. */
export function mandatoryReferences(defaults: readonly SourcedHeaderRule[]): References {
  const base = defaults.find((rule) => rule.pattern === "/*");
  const values: Record<string, string> = {};
  const diagnostics: Diagnostic[] = [];
  for (const control of MANDATORY_CONTROLS) {
    const value = base && valueOf(base, control.header);
    if (value !== undefined && control.holds(value, value)) values[control.header] = value;
    else
      diagnostics.push(
        diag(
          "SL402",
          {
            file: base?.file ?? "defaults/_headers",
            line: base?.headerLines[control.header] ?? base?.line ?? 0,
          },
          `the defaults' /* rule must set ${control.header} (${control.keeps})`,
          "restore the header in defaults/_headers",
        ),
      );
  }
  return { values, diagnostics };
}

export interface CheckOverridesInput {
  custom: readonly SourcedHeaderRule[];
  references: Readonly<Record<string, string>>;
  publicDisclosure?: string;
}

export function checkOverrides(input: CheckOverridesInput): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const rule of input.custom) {
    const at = (header: string) => ({
      file: rule.file,
      line: rule.headerLines[header] ?? rule.line,
    });
    for (const control of MANDATORY_CONTROLS) {
      const reference = input.references[control.header];
      if (reference === undefined) continue;
      const left = leaves(rule, control.header, reference);
      if (left === null || control.holds(left, reference)) continue;
      const what = left === undefined ? "removes" : "weakens";
      out.push(
        diag(
          "SL402",
          at(control.header),
          `custom header rule "${rule.pattern}" ${what} ${control.header}: the worker keeps ${control.keeps}${left === undefined ? "" : ` (this rule would leave ${JSON.stringify(left)})`}`,
          "remove the line; mandatory controls cannot be removed or weakened",
        ),
      );
    }
    const cache = leaves(rule, "cache-control", "no-store");
    const hits = PRIVATE_PATHS.find((path) => matchesPattern(rule.pattern, path));
    if (!hits || cache === null || (cache !== undefined && /\bno-store\b/i.test(cache))) continue;
    const message = `custom header rule "${rule.pattern}" drops Cache-Control: no-store from the private runtime file ${hits}`;
    out.push(
      input.publicDisclosure
        ? demote(
            diag(
              "SL402",
              at("cache-control"),
              `${message}; accepted because site.yaml states public_disclosure`,
            ),
          )
        : diag(
            "SL402",
            at("cache-control"),
            message,
            "keep no-store, or state public_disclosure: <reason> in custom/site.yaml",
          ),
    );
  }
  return out;
}
