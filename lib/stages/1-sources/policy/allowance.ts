/**
 * Per-link `allow` overrides: only rules 6 and 7 (intranet names and private ranges) can be
 * opened, always with a reason. checkTarget ignores anything else, so a bad allowance never
 * bypasses a rule; these messages tell the editor why (SL291), and that an unused allowance
 * should go (SL292).
 */
import { ALLOWABLE_RULES, ruleCode, ruleOfName } from "../../../../runtime/targets/index.js";
import type { TargetAllowance } from "../../../../runtime/contract/index.js";

/** Rule names in `allow.rules` that cannot open anything, each with why. */
export function allowanceProblems(allow: TargetAllowance): string[] {
  const allowable = ALLOWABLE_RULES.map(ruleCode).join(" and ");
  return allow.rules.flatMap((name) => {
    const rule = ruleOfName(name);
    if (rule === null) return [`"${name}" names no target rule (write ${allowable})`];
    if (!ALLOWABLE_RULES.includes(rule))
      return [`${ruleCode(rule)} cannot be bypassed; only ${allowable} can`];
    return [];
  });
}

/** Allowable rules the allowance names but the target does not need (`allowed` from the verdict). */
export function unusedAllowances(
  allow: TargetAllowance,
  allowed: readonly string[] = [],
): string[] {
  return allow.rules
    .map(ruleOfName)
    .filter((rule): rule is number => rule !== null && ALLOWABLE_RULES.includes(rule))
    .map(ruleCode)
    .filter((code) => !allowed.includes(code));
}
