/**
 * The target rules of the specification, their stable codes (SL2NN) and the refusal shape.
 * lib/shared/diagnostic-codes.ts registers one code per rule of RULE_TITLES.
 */
import { INVISIBLE_CLASS } from "./invisible.js";

export const RULE_TITLES = {
  1: "only http: and https: targets",
  2: "no embedded credentials",
  3: "a hostname is required",
  4: "no control or invisible characters",
  5: "no other protocol",
  6: "no localhost, .localhost, .local or intranet names",
  7: "no private, loopback, reserved, multicast or documentation addresses",
  8: "no public shorteners",
  9: "no phishing-lure or blocked hosts",
  10: "no executable download extensions",
  11: "splat values are encoded segment by segment",
  12: "a splat must not shadow a dangerous parent path",
} as const satisfies Readonly<Record<number, string>>;

export type RuleNumber = keyof typeof RULE_TITLES;
/** SL201 .. SL212: `SL2` and the rule number in two digits. */
export type TargetRuleCode = {
  [N in RuleNumber]: N extends 10 | 11 | 12 ? `SL2${N}` : `SL20${N}`;
}[RuleNumber];

export type TargetFailure = {
  ok: false;
  rule: number;
  /** SL201..SL212, or SL230 for the keyword rule (keywords.ts). */
  code: TargetRuleCode | "SL230";
  message: string;
  /** The block category a runtime refusal carries as `X-Deny-Category` (see denyCategory). */
  category?: string;
};

const TITLES: Readonly<Record<number, string | undefined>> = RULE_TITLES;

/** Rules a per-link `allow` may open (intranet targets); every other rule cannot be bypassed. */
export const ALLOWABLE_RULES: readonly number[] = [6, 7];

/** What the target rules read of a parsed target. */
export type TargetParts = Pick<
  URL,
  "protocol" | "username" | "password" | "hostname" | "pathname" | "search" | "href"
>;

export function ruleCode(rule: number): TargetRuleCode {
  return `SL2${String(rule).padStart(2, "0")}` as TargetRuleCode;
}

/** The rule number an allowance entry names (`SL207`, `7`), or null. */
export function ruleOfName(name: string): number | null {
  const match = /^(?:SL2)?(\d{1,2})$/i.exec(name.trim());
  if (!match) return null;
  const rule = Number(match[1]);
  return TITLES[rule] !== undefined ? rule : null;
}

export function refuse(rule: number, why: string, category?: string): TargetFailure {
  return {
    ok: false,
    rule,
    code: ruleCode(rule),
    message: `rule ${rule} (${TITLES[rule]}): ${why}`,
    ...(category ? { category } : {}),
  };
}

/** The category of a refusal that names none itself: rules 8 and 10; every other rule is unsafe. */
const RULE_CATEGORIES: Readonly<Record<number, string | undefined>> = {
  8: "shortener-loop",
  10: "executable-download",
};

/**
 * The block category a refused destination answers with (`X-Deny-Category`,
 * docs/targets.md#block-categories): the keyword's or listed host's own, else the rule's.
 */
export function denyCategory(failure: Pick<TargetFailure, "rule" | "category">): string {
  return failure.category ?? RULE_CATEGORIES[failure.rule] ?? "unsafe-target";
}

/**
 * Control and invisible characters (rule 4, splat segments and slugs): C0 and C1 controls and DEL
 * (`\p{Cc}`), the line and paragraph separators (`\p{Zl}`, `\p{Zp}`), and every character of
 * general category Cf or Default_Ignorable_Code_Point (zero-width marks, bidi controls, soft
 * hyphen, variation selectors, tag characters, Hangul fillers, ...), from Unicode's data
 * (invisible.ts, generated).
 */
export const CONTROL = new RegExp(`[\\p{Cc}\\p{Zl}\\p{Zp}${INVISIBLE_CLASS}]`, "u");

export function describeControl(text: string): string {
  const found = CONTROL.exec(text);
  if (!found) return "none";
  const hex = (found[0].codePointAt(0) as number).toString(16).toUpperCase().padStart(4, "0");
  return `U+${hex} at offset ${found.index}`;
}
