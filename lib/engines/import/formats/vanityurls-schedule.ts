/**
 * vanityURLs' inline `@schedule` directives (the lines under a link row of v8s-links.txt) as
 * routes with a `time` condition, read as its build reads them (links-file.mjs and
 * build-redirect-targets.mjs in vanityURLs/code's scripts folder): `timezone=ZONE` (the last one counts, default UTC),
 * `default=URL` (replaces the row's target), `9to5=URL` (Monday to Friday 09:00-17:00) and
 * `rule=LABEL days=mon,... from=HH:MM to=HH:MM target=URL [timezone=ZONE]`; its rules first, in
 * order, then its shortcuts; the first window that holds wins. docs/coming-from-vanityurls.md.
 */
import { completeTarget } from "./vanityurls-target.js";

export interface Directive {
  line: number;
  text: string;
}

/** A problem at a directive's line: one that `refuses` the link (SL390), or a lost part (SL391). */
export interface DirectiveNote {
  line: number;
  refuses: boolean;
  message: string;
}

export interface ScheduleMapping {
  routes: Record<string, unknown>[];
  /** `default=URL`: the row's own target gives way to it, as in vanityURLs. */
  defaultTarget?: { line: number; target: string };
  notes: DirectiveNote[];
}

const SHORTCUTS: Record<string, { days: string[]; from: string; to: string }> = {
  "9to5": { days: ["mon", "tue", "wed", "thu", "fri"], from: "09:00", to: "17:00" },
};
const DAYS = new Set(["mon", "tue", "wed", "thu", "fri", "sat", "sun"]);
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const RULE_KEYS = new Set(["rule", "label", "timezone", "days", "from", "to", "target"]);
/** A route id (docs/routes.md). */
const ROUTE_ID = /^[A-Za-z0-9._-]{1,50}$/;

interface Rule {
  line: number;
  label: string;
  timezone?: string;
  days: string;
  from: string;
  to: string;
  target: string;
}

export function scheduleRoutes(directives: readonly Directive[]): ScheduleMapping {
  const notes: DirectiveNote[] = [];
  const error = (line: number, message: string) => notes.push({ line, refuses: true, message });
  const warn = (line: number, message: string) => notes.push({ line, refuses: false, message });
  let timezone = "UTC";
  let defaultTarget: ScheduleMapping["defaultTarget"];
  const rules: Rule[] = [];
  const shortcuts = new Map<string, Rule>();

  for (const { line, text } of directives) {
    const args = new Map<string, string>();
    for (const token of text
      .replace(/^@schedule\s*/, "")
      .split(/\s+/)
      .filter(Boolean)) {
      const at = token.indexOf("=");
      if (at <= 0) error(line, `@schedule option ${JSON.stringify(token)} is not key=value`);
      else args.set(token.slice(0, at), token.slice(at + 1));
    }
    if (args.size === 0) {
      if (!notes.some((n) => n.line === line)) error(line, "@schedule without an option");
      continue;
    }
    const [key] = args.keys();
    if (args.size === 1 && key === "timezone") timezone = args.get(key)!;
    else if (args.size === 1 && key === "default")
      defaultTarget = { line, target: completeTarget(args.get(key)!) };
    else if (args.size === 1) {
      const shortcut = SHORTCUTS[key];
      if (shortcut)
        shortcuts.set(key, {
          line,
          label: key,
          ...shortcut,
          days: shortcut.days.join(","),
          target: args.get(key)!,
        });
      else
        warn(
          line,
          `@schedule ${key}=... is no shortcut vanityURLs knows (only 9to5); it ignores it too`,
        );
    } else {
      const label = args.get("rule") || args.get("label") || "";
      if (!label) error(line, "@schedule rule without rule=LABEL or label=LABEL");
      const unknown = [...args.keys()].filter((k) => !RULE_KEYS.has(k));
      if (unknown.length > 0)
        warn(line, `@schedule option(s) ${unknown.join(", ")} ignored, as vanityURLs ignores them`);
      rules.push({
        line,
        label,
        timezone: args.get("timezone"),
        days: args.get("days") ?? "",
        from: args.get("from") ?? "",
        to: args.get("to") ?? "",
        target: args.get("target") ?? "",
      });
    }
  }

  const routes: Record<string, unknown>[] = [];
  const ids = new Set<string>();
  for (const rule of [...rules, ...shortcuts.values()]) {
    const route = ruleRoute(rule, rule.timezone || timezone, error, warn);
    if (!route) continue;
    if (ROUTE_ID.test(rule.label) && !ids.has(rule.label)) {
      ids.add(rule.label);
      routes.push({ id: rule.label, ...route });
    } else {
      if (rule.label)
        warn(
          rule.line,
          `the label ${JSON.stringify(rule.label)} is ${ids.has(rule.label) ? "repeated" : "not a route id (letters, digits, - _ ., at most 50)"}: the route is named by its position`,
        );
      routes.push(route);
    }
  }
  if (directives.length > 0 && routes.length === 0 && !notes.some((n) => n.refuses))
    error(directives[0].line, "the @schedule lines hold no rule (vanityURLs refuses the file)");
  return { routes, defaultTarget, notes };
}

function ruleRoute(
  rule: Rule,
  tz: string,
  error: (line: number, message: string) => void,
  warn: (line: number, message: string) => void,
): Record<string, unknown> | undefined {
  const days = rule.days
    .split(",")
    .map((d) => d.trim().slice(0, 3).toLowerCase())
    .filter(Boolean);
  const bad = days.filter((d) => !DAYS.has(d));
  const problems = [
    days.length === 0 && "days= names no weekday",
    bad.length > 0 && `unknown day(s) ${bad.join(", ")}`,
    !TIME.test(rule.from) && `from=${rule.from} is not HH:MM`,
    !TIME.test(rule.to) && `to=${rule.to} is not HH:MM`,
    !rule.target && "no target=",
  ].filter(Boolean);
  if (problems.length > 0) {
    error(rule.line, `@schedule rule ${rule.label || "(no label)"}: ${problems.join("; ")}`);
    return undefined;
  }
  if (rule.from === rule.to) {
    warn(
      rule.line,
      `@schedule rule ${rule.label}: from=${rule.from} equals to=, a window that never holds in vanityURLs; not carried over`,
    );
    return undefined;
  }
  return {
    when: { time: { days: dayRange(days), from: rule.from, to: rule.to, tz } },
    target: completeTarget(rule.target),
  };
}

const WEEK = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/** `[mon, tue, wed]` -> `mon-wed` (a run in week order); any other list stays a list. */
function dayRange(days: readonly string[]): string | string[] {
  if (days.length === 1) return days[0];
  const at = days.map((d) => WEEK.indexOf(d));
  const run = at.every((n, i) => i === 0 || n === (at[i - 1] + 1) % 7);
  return run && days.length < 7 ? `${days[0]}-${days[days.length - 1]}` : [...days];
}
