/** Target URLs go through the one target-rules module that the runtime uses too. */
import {
  checkTarget,
  expandTarget,
  fillUser,
  hasUserPlaceholder,
  intranetTargets,
  RULE_TITLES,
  ruleCode,
  templateProblem,
  type TargetMemo,
  type RuleNumber,
  type TargetPolicy,
} from "../../../runtime/targets/index.js";
import type { AccessZone, LinkKind, TargetAllowance } from "../../../runtime/contract/index.js";
import { diag, type Diagnostic, type Place } from "../../shared/diagnostics.js";
import type { SourceLink } from "../1-sources/links/row-schema.js";
import { allowanceProblems, unusedAllowances } from "../1-sources/policy/allowance.js";
import { appendAll } from "../../shared/lists.js";
import { userTargetProblem } from "./private-links.js";
import { targetMemo } from "./plain-target.js";

/** Stands in for the captured remainder and placeholder values when a target holds them. */
export const SPLAT_SAMPLE = "sample";
/** Stands in for the signed-in person when a private target holds `{user.*}`. */
export const USER_SAMPLE = "sample@example.com";

/** The target-rule part of a link's `allow` (rules with a reason), if it has one. */
export function targetAllowance(link: Pick<SourceLink, "allow">): TargetAllowance | undefined {
  const { rules, reason } = link.allow ?? {};
  return rules !== undefined && reason !== undefined ? { rules, reason } : undefined;
}

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

/**
 * What the target rules keep under one policy: most links of a large table point at a few hosts
 * and origins, and judging each host once saved a fifth of the target rules' time, parsing each
 * origin once a quarter of what was left (docs/performance.md).
 */
const MEMOS = new WeakMap<TargetPolicy, TargetMemo>();

function memoOf(policy: TargetPolicy): TargetMemo {
  let memo = MEMOS.get(policy);
  if (!memo) MEMOS.set(policy, (memo = targetMemo()));
  return memo;
}

/** One target of a link (its own, or a route's) and where it is written. */
export interface TargetAt {
  target: string;
  at: Place;
  /** `link "app"`, or `link "app", route 2`. */
  subject: string;
}

/**
 * One target through the target rules, as a link of `kind` capturing `names` uses it; its normal
 * form when it passes (a templated target as written), and the codes of the rules the link's
 * allowance opened for it.
 */
export function judgeLinkTarget(
  { target, at, subject }: TargetAt,
  kind: LinkKind,
  policy: TargetPolicy,
  allow: TargetAllowance | undefined,
  names: readonly string[] = [],
  zone?: AccessZone,
): CheckedTarget & { allowed: string[] } {
  const template = kind === "exact" ? null : templateProblem(target, names);
  if (template)
    return { diagnostics: [ruleDiagnostic(11, at, `${subject}: ${template}`)], allowed: [] };
  let probe = sampleTarget(target, kind, names);
  if (hasUserPlaceholder(target)) {
    if (!zone)
      return {
        diagnostics: [
          diag(
            "SL535",
            at,
            `${subject}: {user.email} and {user.local} need a signed-in person: only the targets of a link inside an access zone may use them`,
            "move the link under a zone's prefix (site.yaml access.zones)",
          ),
        ],
        allowed: [],
      };
    const problem = userTargetProblem(target, zone, subject, at);
    if (problem) return { diagnostics: [problem], allowed: [] };
    const filled = fillUser(probe, USER_SAMPLE);
    if (!filled.ok) return { diagnostics: [], allowed: [] };
    probe = filled.url;
  }
  const intranet = zone?.allow_targets && intranetTargets(zone.allow_targets);
  const verdict = checkTarget(probe, policy, allow, intranet, memoOf(policy));
  if (!verdict.ok)
    return {
      diagnostics: [
        diag(
          verdict.code,
          at,
          `${subject}: target ${JSON.stringify(clip(target))} refused (rule ${verdict.rule}): ${verdict.message}`,
        ),
      ],
      allowed: [],
    };
  return {
    target: probe !== target ? target : verdict.url,
    diagnostics: [],
    allowed: verdict.allowed ?? [],
  };
}

/**
 * The link's own target; `routeAllowed` are the rules its allowance opened for its routes'
 * targets, so an allowance one of them needs is not called unused (SL292). `zone`: the private
 * zone the link lies in; its allow_targets open rules 6 and 7 (private-links.ts checks the rest).
 */
export function checkLinkTarget(
  link: SourceLink,
  kind: LinkKind,
  policy: TargetPolicy,
  names: readonly string[] = [],
  routeAllowed: readonly string[] = [],
  zone?: AccessZone,
): CheckedTarget {
  const at = { file: link.file, line: link.fieldLines.target ?? link.line };
  const subject = `link "${link.slug}"`;
  const diagnostics: Diagnostic[] = [];
  const allowAt = { file: link.file, line: link.fieldLines.allow ?? link.line };
  const allow = targetAllowance(link);
  if (allow) {
    for (const problem of allowanceProblems(allow))
      diagnostics.push(diag("SL291", allowAt, `${subject}: allow: ${problem}`));
  }
  const judged = judgeLinkTarget(
    { target: link.target, at, subject },
    kind,
    policy,
    allow,
    names,
    zone,
  );
  appendAll(diagnostics, judged.diagnostics);
  if (judged.target === undefined) return { diagnostics };
  if (allow) {
    const allowed = [...new Set([...judged.allowed, ...routeAllowed])];
    if (allowed.length > 0) {
      diagnostics.push(
        diag(
          "SL290",
          allowAt,
          `${subject}: ${allowed.join(", ")} bypassed by an allowance (${allow.reason})`,
          "keep allowances rare and reviewed",
        ),
      );
    }
    for (const code of unusedAllowances(allow, allowed)) {
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
  return { target: judged.target, diagnostics };
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
