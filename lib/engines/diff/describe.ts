/** Words shared by the text and Markdown reports of a diff. */
import type { LinkRecord } from "../../../runtime/contract/index.js";
import { errorsIn } from "../../shared/diagnostics.js";
import type { DiffReport } from "./report.js";
import type { RouteChange } from "./route-changes.js";
import type { RoutingChange } from "./routing.js";
import type { PathOutcome } from "./side.js";

const plural = (n: number, one: string, many = one + "s") => `${n} ${n === 1 ? one : many}`;

/** One line: what the change does, counted. */
export function summaryParts(report: DiffReport): string[] {
  const { links, routing, host_changes: hosts, schedule_events: events, problems } = report;
  const errors = errorsIn(problems).length;
  const domains = hosts.filter((h) => h.domain_changed).length;
  return [
    `${plural(errors, "error")}, ${plural(problems.length - errors, "warning")}`,
    `${links.added.length} added`,
    `${links.removed.length} removed`,
    `${links.changed.length} changed`,
    `${plural(routing.length, "path")} answering differently`,
    `${plural(hosts.length, "host change")}${domains ? ` (${domains} to another domain)` : ""}`,
    ...(report.route_changes.length > 0
      ? [`${plural(report.route_changes.length, "link")} with routes changed`]
      : []),
    `${plural(events.length, "schedule event")} within ${plural(report.days, "day")}`,
  ];
}

export function outcomeText(o: PathOutcome): string {
  if (o.location) return `${o.status} → ${o.location}`;
  if (o.page && o.page !== "not-found") return `${o.status} ${o.page} page`;
  return String(o.status);
}

/** A link's slug as a diff shows it: `HOST/slug` on a host other than the default one. */
export function slugOf(link: Pick<LinkRecord, "slug" | "domain">): string {
  return link.domain === undefined ? link.slug : `${link.domain}/${link.slug}`;
}

export function placeOf(link: Pick<LinkRecord, "file" | "line">): string {
  return `${link.file}:${link.line}`;
}

/**
 * A changed field's value; routes are counted here and shown in their own section. A link's zone
 * is its visibility (docs/private-links.md): public, or private in a named zone.
 */
export function fieldText(field: string, value: unknown): string {
  if (field === "routes") return Array.isArray(value) ? plural(value.length, "route") : "(none)";
  if (field === "zone") return typeof value === "string" ? `private (zone ${value})` : "public";
  return valueText(value);
}

/** One line per thing a link's routes changed (added, removed, retargeted, reordered, hosts). */
export function routeChangeLines(change: RouteChange): string[] {
  const targets = (list: string[]) => list.join(", ");
  return [
    ...change.added.map((r) => `+ ${r.route}  ${targets(r.targets)}`),
    ...change.removed.map((r) => `- ${r.route}  ${targets(r.targets)}  (line ${r.line} at base)`),
    ...change.retargeted.map((r) => `~ ${r.route}  ${targets(r.before)} -> ${targets(r.after)}`),
    ...(change.reordered
      ? [`order: ${change.reordered.before.join(", ")} -> ${change.reordered.after.join(", ")}`]
      : []),
    ...(change.new_hosts.length > 0 ? [`new hosts: ${change.new_hosts.join(", ")}`] : []),
  ];
}

export function valueText(value: unknown): string {
  if (value === null || value === undefined) return "(none)";
  return typeof value === "string" ? value : JSON.stringify(value);
}

export function causeText(change: RoutingChange): string {
  const was = change.before_match?.slug;
  const is = change.after_match?.slug;
  switch (change.cause) {
    case "changed":
      return `link ${is} changed`;
    case "added":
      return `link ${is} added`;
    case "removed":
      return `link ${was} removed`;
    case "caught":
      return `now caught by ${change.after_match?.kind ?? "splat"} ${is}${was ? ` (was ${was})` : ""}`;
    case "released":
      return `released by splat ${was}`;
    case "shadowed":
      return `${change.after_match?.kind ?? "exact"} link ${is} now shadows ${change.before_match?.kind ?? "splat"} ${was}`;
    case "site":
      return "site settings (case sensitivity, trailing slashes, blocklist or static files)";
  }
}

export function headLabel(report: DiffReport): string {
  return report.head === "worktree" ? "the work tree" : report.head.slice(0, 12);
}
