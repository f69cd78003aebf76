/**
 * The diff as a person reads it in a terminal (problems are printed by the command, in colour):
 * one line per entry, user text with its controls shown as escapes.
 */
import { printable } from "../../shared/printable.js";
import type { DiffReport } from "./report.js";
import {
  causeText,
  fieldText,
  headLabel,
  outcomeText,
  placeOf,
  routeChangeLines,
  summaryParts,
  slugOf,
} from "./describe.js";

export function formatDiffText(report: DiffReport): string[] {
  const lines = [
    `shortlinks diff ${report.base} (${report.base_commit.slice(0, 12)}) .. ${headLabel(report)}, at ${report.at}`,
    summaryParts(report).join("; "),
  ];
  const section = (title: string, rows: string[]) => {
    if (rows.length === 0) return;
    lines.push("", `${title}:`);
    for (const row of rows) lines.push("  " + row);
  };
  const { added, removed, changed } = report.links;
  section(
    "links added",
    added.map((l) => `+ ${slugOf(l)}  ${l.status} ${l.target}  [${l.state}]  ${placeOf(l)}`),
  );
  section(
    "links removed",
    removed.map(
      (l) => `- ${slugOf(l)}  ${l.status} ${l.target}  [${l.state}]  ${placeOf(l)} at base`,
    ),
  );
  section(
    "links changed",
    changed.map((c) => {
      const fields = Object.entries(c.fields).map(
        ([name, [was, is]]) =>
          `${name === "zone" ? "visibility" : name}: ${fieldText(name, was)} -> ${fieldText(name, is)}`,
      );
      return `~ ${slugOf(c.after)}  ${fields.join("; ")}  ${placeOf(c.after)}`;
    }),
  );
  section(
    "routing",
    report.routing.map(
      (r) => `${r.path}  ${outcomeText(r.before)}  =>  ${outcomeText(r.after)}  (${causeText(r)})`,
    ),
  );
  section(
    "hosts",
    report.host_changes.map(
      (h) =>
        `${h.domain_changed ? "!" : " "} ${h.slug}  ${h.before} -> ${h.after}${h.domain_changed ? "  (another registrable domain)" : ""}  ${placeOf(h)}`,
    ),
  );
  section(
    "routes",
    report.route_changes.flatMap((c) => [
      `${c.slug}  ${placeOf(c)}`,
      ...routeChangeLines(c).map((line) => "  " + line),
    ]),
  );
  section(
    "schedules",
    report.schedule_events.map(
      (e) => `${e.at}  ${e.slug} ${e.event === "start" ? "starts" : "ends"} (${e.side})`,
    ),
  );
  return lines.map(printable);
}
