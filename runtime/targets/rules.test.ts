import { describe, expect, it } from "vitest";
import { CASE_POLICY, SAFE_CASES, UNSAFE_CASES } from "../../test/cases/targets.js";
import { checkTarget, RULE_TITLES, ruleCode } from "./index.js";

const RULES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
const show = (s: string) => JSON.stringify(s);

describe.each(RULES)("rule %i", (rule) => {
  const cases = UNSAFE_CASES.filter((c) => c.rule === rule).map(
    (c) => [show(c.target), c] as const,
  );

  it.each(cases)(`rule ${rule} (${RULE_TITLES[rule]}): %s is refused`, (_, c) => {
    const verdict = checkTarget(c.target, CASE_POLICY, c.allow);
    expect(verdict).toMatchObject({ ok: false, rule, code: ruleCode(rule) });
    if (!verdict.ok) expect(verdict.message).toMatch(new RegExp(`^rule ${rule} \\(`));
  });
});

describe("safe targets", () => {
  it.each(SAFE_CASES.map((c) => [show(c.target).slice(0, 90), c] as const))(
    "rules 1-10: %s passes and comes back normalised",
    (_, c) => {
      const verdict = checkTarget(c.target, CASE_POLICY, c.allow);
      expect(verdict).toEqual(
        c.allowed
          ? { ok: true, url: c.href ?? c.target, allowed: c.allowed }
          : { ok: true, url: c.href ?? c.target },
      );
    },
  );

  it.each(SAFE_CASES.map((c) => [show(c.target).slice(0, 90), c] as const))(
    "rules 1-10: the normalised form of %s passes unchanged (idempotent)",
    (_, c) => {
      const first = checkTarget(c.target, CASE_POLICY, c.allow);
      if (!first.ok) throw new Error(first.message);
      expect(checkTarget(first.url, CASE_POLICY, c.allow)).toEqual(first);
    },
  );
});

describe("case table size", () => {
  it.each([
    ["unsafe targets", UNSAFE_CASES.length, 150],
    ["safe targets", SAFE_CASES.length, 50],
  ])("the table holds enough %s (%i >= %i)", (_, count, minimum) => {
    expect(count).toBeGreaterThanOrEqual(minimum);
  });
});

describe("allowances", () => {
  it.each([
    ["no allowance", undefined],
    ["an empty reason", { rules: ["SL207"], reason: "" }],
    ["a non-allowable rule", { rules: ["SL208", "SL209", "SL210"], reason: "because" }],
    ["an unknown rule name", { rules: ["private", "SL299"], reason: "because" }],
  ])("rule 7: a private address stays refused with %s", (_, allow) => {
    expect(checkTarget("http://10.0.0.1/", CASE_POLICY, allow)).toMatchObject({
      ok: false,
      rule: 7,
    });
  });
});
