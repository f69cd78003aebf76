/**
 * The diff as a pull-request comment: a summary line, then one table per section. Sections longer
 * than COLLAPSE_ROWS are folded into <details>; each table shows at most MAX_ROWS rows, so the
 * comment stays readable and well under GitHub's 65,536-character limit.
 */
import { hasErrors, isError, type Diagnostic } from "../../shared/diagnostics.js";
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

export const COLLAPSE_ROWS = 10;
export const MAX_ROWS = 100;

/**
 * User text (slugs, targets, descriptions, file names, messages that quote them, the base ref) as
 * inline code: its fence is longer than any backtick run inside, controls and line breaks are
 * shown escaped (one line, no new block) and pipes are escaped for the table. Nothing in a code
 * span is live: no HTML, @mention, link, image or emphasis.
 */
function code(text: string): string {
  const shown = printable(text).replace(/\|/g, "\\|");
  const longest = (shown.match(/`+/g) ?? []).reduce((most, run) => Math.max(most, run.length), 0);
  const fence = "`".repeat(longest + 1);
  const pad = shown === "" || /^[` ]|[` ]$/.test(shown) ? " " : "";
  return fence + pad + shown + pad + fence;
}

function table(title: string, header: string[], rows: string[][]): string[] {
  if (rows.length === 0) return [];
  const shown = rows.slice(0, MAX_ROWS);
  const body = [
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...shown.map((r) => `| ${r.join(" | ")} |`),
  ];
  if (rows.length > shown.length)
    body.push("", `… and ${rows.length - shown.length} more: run \`shortlinks diff\` for all.`);
  const heading = `${title} (${rows.length})`;
  if (rows.length <= COLLAPSE_ROWS) return [`#### ${heading}`, "", ...body, ""];
  return [`<details><summary><b>${heading}</b></summary>`, "", ...body, "", "</details>", ""];
}

function problemRow(d: Diagnostic): string[] {
  const where = d.line > 0 ? `${d.file}:${d.line}` : d.file;
  return [isError(d) ? "❌ error" : "⚠️ warning", d.code, code(where), code(d.message)];
}

export function formatDiffMarkdown(report: DiffReport): string {
  const parts = summaryParts(report);
  const errors = hasErrors(report.problems);
  const { added, removed, changed } = report.links;
  const linkRow = (l: (typeof added)[number], at = "") => [
    code(slugOf(l)),
    code(l.target),
    String(l.status),
    l.state,
    code(placeOf(l)) + at,
  ];
  const lines = [
    `### Short links: ${code(report.base)} → ${headLabel(report)}`,
    "",
    `${errors ? "❌" : "✅"} **${parts[0]}** · ${parts.slice(1).join(" · ")}`,
    "",
    ...table(
      "Problems",
      ["", "code", "where", "message"],
      [...report.problems].sort((a, b) => Number(isError(b)) - Number(isError(a))).map(problemRow),
    ),
    ...table(
      "Links added",
      ["slug", "target", "status", "state", "where"],
      added.map((l) => linkRow(l)),
    ),
    ...table(
      "Links removed",
      ["slug", "target", "status", "state", "where (base)"],
      removed.map((l) => linkRow(l)),
    ),
    ...table(
      "Links changed",
      ["slug", "field", "before", "after", "where"],
      changed.flatMap((c) =>
        Object.entries(c.fields).map(([name, [was, is]]) => [
          code(slugOf(c.after)),
          name,
          code(fieldText(name, was)),
          code(fieldText(name, is)),
          code(placeOf(c.after)),
        ]),
      ),
    ),
    ...table(
      "Routing",
      ["path", "before", "after", "why"],
      report.routing.map((r) => [
        code(r.path),
        code(outcomeText(r.before)),
        code(outcomeText(r.after)),
        code(causeText(r)),
      ]),
    ),
    ...table(
      "Destination hosts",
      ["", "slug", "before", "after"],
      report.host_changes.map((h) => [
        h.domain_changed ? "⚠️ **another domain**" : "",
        code(h.slug),
        code(h.before),
        code(h.after),
      ]),
    ),
    ...table(
      "Routes",
      ["slug", "change", "where"],
      report.route_changes.flatMap((c) =>
        routeChangeLines(c).map((line) => [code(c.slug), code(line), code(placeOf(c))]),
      ),
    ),
    ...table(
      `Schedule events within ${report.days} days`,
      ["when (UTC)", "slug", "event", "in"],
      report.schedule_events.map((e) => [
        e.at,
        code(e.slug),
        e.event,
        e.side === "both" ? "base and head" : e.side,
      ]),
    ),
    `<sub>Base ${report.base_commit.slice(0, 12)}, evaluated at ${report.at} by \`shortlinks diff\`.</sub>`,
    "",
  ];
  return lines.join("\n");
}
