/** Target URLs go through the one target-rules module that the runtime uses too. */
import {
  checkTarget,
  expandTarget,
  RULE_TITLES,
  ruleCode,
  templateProblem,
  type RuleNumber,
  type TargetPolicy,
} from "../../../runtime/targets/index.js";
import type { LinkKind } from "../../../runtime/contract/index.js";
import { diag, type Diagnostic, type Place } from "../../shared/diagnostics.js";
import type { SourceLink } from "../1-sources/links/row-schema.js";
import { allowanceProblems, unusedAllowances } from "../1-sources/policy/allowance.js";

/** Stands in for the captured remainder and placeholder values when a target holds them. */
export const SPLAT_SAMPLE = "sample";

export interface CheckedTarget {
  target?: string;
  diagnostics: Diagnostic[];
}

/**
 * The target a link's values fill (`:splat`, each captured `:name`) with SPLAT_SAMPLE, to judge it
 * as a URL; the target itself when it holds none of them (or the link is exact).
 */
export function sampleTarget(
  target: string,
  kind: LinkKind,
  names: readonly string[] = [],
): string {
  if (kind === "exact") return target;
  const params = Object.fromEntries(names.map((name) => [name, SPLAT_SAMPLE]));
  const filled = expandTarget(target, { splat: [SPLAT_SAMPLE], params });
  return filled.ok ? filled.url : target;
}

export function checkLinkTarget(
  link: SourceLink,
  kind: LinkKind,
  policy: TargetPolicy,
  names: readonly string[] = [],
): CheckedTarget {
  const at = { file: link.file, line: link.fieldLines.target ?? link.line };
  const subject = `link "${link.slug}"`;
  const probe = sampleTarget(link.target, kind, names);
  const templated = probe !== link.target;
  const diagnostics: Diagnostic[] = [];
  const allowAt = { file: link.file, line: link.fieldLines.allow ?? link.line };
  if (link.allow) {
    for (const problem of allowanceProblems(link.allow))
      diagnostics.push(diag("SL291", allowAt, `${subject}: allow: ${problem}`));
  }
  const template = kind === "exact" ? null : templateProblem(link.target, names);
  if (template) {
    diagnostics.push(ruleDiagnostic(11, at, `${subject}: ${template}`));
    return { diagnostics };
  }
  const verdict = checkTarget(probe, policy, link.allow);
  if (!verdict.ok) {
    diagnostics.push(
      diag(
        verdict.code,
        at,
        `${subject}: target ${JSON.stringify(clip(link.target))} refused (rule ${verdict.rule}): ${verdict.message}`,
      ),
    );
    return { diagnostics };
  }
  if (link.allow) {
    const allowed = verdict.allowed ?? [];
    if (allowed.length > 0) {
      diagnostics.push(
        diag(
          "SL290",
          allowAt,
          `${subject}: ${allowed.join(", ")} bypassed by an allowance (${link.allow.reason})`,
          "keep allowances rare and reviewed",
        ),
      );
    }
    for (const code of unusedAllowances(link.allow, allowed)) {
      diagnostics.push(
        diag(
          "SL292",
          allowAt,
          `${subject}: allowance for ${code} is not needed by this target`,
          "remove it from allow.rules",
        ),
      );
    }
  }
  return { target: templated ? link.target : verdict.url, diagnostics };
}

/** A diagnostic for a target rule the compiler checks itself (11, 12), coded like the target module's. */
export function ruleDiagnostic(
  rule: RuleNumber,
  at: Place,
  message: string,
  hint?: string,
): Diagnostic {
  return diag(ruleCode(rule), at, `${message} (rule ${rule}: ${RULE_TITLES[rule]})`, hint);
}

function clip(text: string): string {
  return text.length > 80 ? text.slice(0, 77) + "..." : text;
}
