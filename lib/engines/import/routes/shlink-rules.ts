/**
 * Shlink's redirect rules as routes (docs/coming-from-shlink.md, "Redirect rules"): rules in
 * priority order become routes in that order, the conditions of a rule ANDed in one `when`. A
 * rule with a condition routes cannot say is left out whole, with a warning naming it (SL376); a
 * rule that is not one (no long URL, no conditions) likewise (SL377). Leaving one condition out
 * instead would send visitors the rule never sent there.
 */
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { isoTime } from "../short-code.js";
import { ipv4Block } from "./ip-pattern.js";
import { addCondition, type ImportedRoute, type When } from "./when.js";

export interface RulesContext {
  file: string;
  /** How the link is named in messages, e.g. `link "app"`. */
  link: string;
  /** The line of the rule at this index of the export's list (its own line, else the link's). */
  lineOf(index: number): number;
}

/** Shlink's device names (DeviceType) as route conditions; its `ios` is iPhone and iPad alike. */
const DEVICES: Record<string, When> = {
  android: { device: ["android"] },
  ios: { device: ["ios", "ipados"] },
  mobile: { device: ["ios", "ipados", "android"] },
  windows: { os: ["windows"] },
  macos: { os: ["macos"] },
  linux: { os: ["linux"] },
  chromeos: { os: ["chromeos"] },
  desktop: { os: ["windows", "macos", "linux", "chromeos"] },
};
const BROWSERS = new Set(["chrome", "firefox", "edge", "safari", "opera"]);

export function shlinkRuleRoutes(
  rules: readonly unknown[],
  context: RulesContext,
): { routes: ImportedRoute[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const ordered = rules
    .map((rule, index) => ({ rule, index }))
    .sort((a, b) => priorityOf(a.rule, a.index) - priorityOf(b.rule, b.index));
  const routes: ImportedRoute[] = [];
  let languageAt: number | undefined;
  for (const { rule, index } of ordered) {
    const at = { file: context.file, line: context.lineOf(index) };
    const name = `${context.link}: redirect rule ${index + 1}${priorityText(rule)}`;
    const route = routeOf(rule);
    if (typeof route === "string") {
      diagnostics.push(diag("SL377", at, `${name} not imported: ${route}`));
      continue;
    }
    if ("cannot" in route) {
      diagnostics.push(
        diag(
          "SL376",
          at,
          `${name} not imported: ${route.cannot}; the link is imported without it`,
          "write the route by hand if an equivalent condition will do (docs/routes.md)",
        ),
      );
      continue;
    }
    if (route.when.language) languageAt ??= at.line;
    routes.push(route);
  }
  if (languageAt !== undefined)
    diagnostics.push(
      diag(
        "SL378",
        { file: context.file, line: languageAt },
        `${context.link}: Shlink takes a language rule when the visitor accepts the language at all; shortlinks takes the visitor's most preferred language among those the link's routes name, so a visitor accepting several may get another route (docs/routes.md, "language")`,
      ),
    );
  return { routes, diagnostics };
}

function priorityOf(rule: unknown, index: number): number {
  const priority = (rule as { priority?: unknown } | null)?.priority;
  return typeof priority === "number" && Number.isFinite(priority) ? priority : index + 1;
}

function priorityText(rule: unknown): string {
  const priority = (rule as { priority?: unknown } | null)?.priority;
  return typeof priority === "number" ? ` (priority ${priority})` : "";
}

/** The route of one rule, `{ cannot }` when a condition has no equivalent, or why it is no rule. */
function routeOf(rule: unknown): { when: When; target: string } | { cannot: string } | string {
  if (rule === null || typeof rule !== "object") return "not a rule object";
  const { longUrl, conditions } = rule as { longUrl?: unknown; conditions?: unknown };
  if (typeof longUrl !== "string" || longUrl === "") return "no longUrl";
  if (!Array.isArray(conditions) || conditions.length === 0)
    return "no conditions (Shlink requires at least one)";
  if (conditions.some((c) => c === null || typeof c !== "object"))
    return "a condition is not an object";
  const when: When = {};
  for (const condition of conditions) {
    const mapped = conditionOf(condition);
    if (typeof mapped === "string") return { cannot: mapped };
    const clash = addCondition(when, mapped);
    if (clash) return { cannot: clash };
  }
  return { when, target: longUrl };
}

/** One condition as a `when` of its own, or why routes cannot say it. */
function conditionOf(condition: unknown): When | string {
  const { type, matchKey, matchValue } = condition as Record<string, unknown>;
  const value = typeof matchValue === "string" ? matchValue : "";
  const key = typeof matchKey === "string" ? matchKey : "";
  const shown = `${String(type)} ${JSON.stringify(matchValue ?? matchKey ?? null)}`;
  switch (type) {
    case "device":
      return (
        DEVICES[value.toLowerCase()] ?? `device ${JSON.stringify(value)} is not one of Shlink's`
      );
    case "language":
      return value !== "" ? { language: [value.replace(/_/g, "-")] } : `${shown}: no language`;
    case "query-param":
      return key !== "" ? { query: { [key]: [value] } } : `${shown}: no parameter name`;
    case "any-value-query-param":
      return key !== "" ? { query: { [key]: true } } : `${shown}: no parameter name`;
    case "valueless-query-param":
      // `?name` and `?name=` both give the empty value.
      return key !== "" ? { query: { [key]: [""] } } : `${shown}: no parameter name`;
    case "ip-address": {
      const block = ipv4Block(value);
      return (
        block ?? `ip-address ${JSON.stringify(value)}: a wildcard inside an address is no block`
      );
    }
    case "geolocation-country-code":
      return { country: [value.toUpperCase()] };
    case "geolocation-city-name":
      return `${shown}: the request has no city (Cloudflare's country, region and continent are the places routes know)`;
    case "browser":
      return BROWSERS.has(value.toLowerCase())
        ? { browser: [value.toLowerCase()] }
        : `browser ${JSON.stringify(value)} is not one routes tell apart (chrome, edge, firefox, safari, opera, samsung)`;
    case "before-date":
    case "after-date": {
      const moment = isoTime(value);
      if (!moment) return `${shown}: not a date`;
      return type === "before-date" ? { before: moment } : { after: moment };
    }
    default:
      return `condition type ${JSON.stringify(type)} is not one shortlinks knows`;
  }
}
