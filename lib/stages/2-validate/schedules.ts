/** Schedules: exact links only, ISO 8601 with an offset, at least one bound, start before end. */
import { diag, type Diagnostic, type Place } from "../../shared/diagnostics.js";
import type { SourceLink } from "../1-sources/links/row-schema.js";
import type { LinkKind } from "../../../runtime/contract/index.js";

const ISO_WITH_OFFSET =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Milliseconds since the epoch, or undefined when the text is not ISO 8601 with an offset. */
export function parseIsoWithOffset(text: string): number | undefined {
  const m = ISO_WITH_OFFSET.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? "0"].map(
    Number,
  );
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  if (m[7] !== "Z" && (Number(m[7].slice(1, 3)) > 23 || Number(m[7].slice(4)) > 59))
    return undefined;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : undefined;
}

export function checkSchedule(link: SourceLink, kind: LinkKind): Diagnostic[] {
  const schedule = link.schedule;
  if (!schedule) return [];
  const lineOf = (field: string): Place => ({
    file: link.file,
    line: link.fieldLines[`schedule.${field}`] ?? link.fieldLines.schedule ?? link.line,
  });
  const subject = `link "${link.slug}"`;
  if (kind !== "exact") {
    return [
      diag(
        "SL311",
        lineOf("label"),
        `${subject}: schedules apply to exact links only`,
        "remove the schedule or use exact links for time-sensitive redirects",
      ),
    ];
  }
  const out: Diagnostic[] = [];
  const times: Record<string, number | undefined> = {};
  for (const field of ["start", "end"] as const) {
    const value = schedule[field];
    if (value === undefined) continue;
    times[field] = parseIsoWithOffset(value);
    if (times[field] === undefined) {
      out.push(
        diag(
          "SL312",
          lineOf(field),
          ISO_WITH_OFFSET.test(value)
            ? `${subject}: schedule ${field}: ${JSON.stringify(value)} is no real date and time`
            : `${subject}: schedule ${field}: expected ISO 8601 with an offset, found ${JSON.stringify(value)}`,
          "for example 2026-05-01T09:00:00+02:00 or 2026-05-01T07:00:00Z",
        ),
      );
    }
  }
  if (schedule.start === undefined && schedule.end === undefined) {
    out.push(
      diag(
        "SL313",
        lineOf("label"),
        `${subject}: schedule "${schedule.label}" has neither start nor end`,
        "add start, end or both",
      ),
    );
  }
  if (times.start !== undefined && times.end !== undefined && times.start >= times.end) {
    out.push(
      diag(
        "SL314",
        lineOf("end"),
        `${subject}: schedule start ${schedule.start} is not before end ${schedule.end}`,
      ),
    );
  }
  return out;
}
