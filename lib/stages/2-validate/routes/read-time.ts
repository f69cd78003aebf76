/** A route's `time` condition: weekly windows in a zone (SL364, SL365, SL366, SL371). */
import {
  DAY_NAMES,
  VISITOR_TIME_ZONE,
  type DayName,
  type TimeWindow,
} from "../../../../runtime/contract/index.js";
import { minutesOf } from "../../../../runtime/link-routes/time-window.js";
import { closest, shown, type FieldPath, type RouteReader } from "./read-context.js";
import { canonicalZone, clockText, gapAt, gapsOf } from "./zones.js";

const WINDOW_KEYS = ["days", "from", "to", "tz"];
const FULL_NAMES = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** `now`: where the search for daylight-saving gaps starts. */
export function readTime(
  raw: unknown,
  reader: RouteReader,
  path: FieldPath,
  now: number,
): TimeWindow[] | undefined {
  const items = Array.isArray(raw) ? raw : [raw];
  if (items.length === 0) {
    reader.report("SL365", path, "time: an empty list never holds", "give at least one window");
    return undefined;
  }
  const windows = items.map((item, i) =>
    readWindow(item, reader, Array.isArray(raw) ? [...path, i] : path, now),
  );
  return windows.every((w) => w !== undefined) ? (windows as TimeWindow[]) : undefined;
}

function readWindow(
  raw: unknown,
  reader: RouteReader,
  path: FieldPath,
  now: number,
): TimeWindow | undefined {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    reader.report(
      "SL365",
      path,
      `time: expected a window {days, from, to, tz}, found ${shown(raw)}`,
      'for example {days: mon-fri, from: "09:00", to: "17:00", tz: Europe/Paris}',
    );
    return undefined;
  }
  const fields = raw as Record<string, unknown>;
  let ok = true;
  for (const key of Object.keys(fields).filter((k) => !WINDOW_KEYS.includes(k))) {
    const near = closest(key, WINDOW_KEYS);
    reader.report(
      "SL361",
      [...path, key],
      `time: unknown key ${shown(key)}`,
      near ? `did you mean ${near}?` : `a window takes ${WINDOW_KEYS.join(", ")}`,
    );
    ok = false;
  }
  const days = readDays(fields.days, reader, [...path, "days"]);
  const clock = readClock(fields, reader, path);
  const tz = readZone(fields.tz, reader, [...path, "tz"]);
  if (!ok || !days || !clock || !tz) return undefined;
  const window: TimeWindow = { days, from: clock.from, to: clock.to, tz };
  if (tz !== VISITOR_TIME_ZONE) warnOfGaps(window, reader, path, now);
  return window;
}

/** `mon-fri`, `sat,sun`, `fri-mon` (wrapping), full names, or a list of those; every day when absent. */
function readDays(raw: unknown, reader: RouteReader, path: FieldPath): DayName[] | undefined {
  if (raw === undefined) return [...DAY_NAMES.slice(1), DAY_NAMES[0]];
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((item) =>
    typeof item === "string" ? item.split(",") : [item],
  );
  const chosen = new Set<number>();
  for (const part of parts) {
    const range = typeof part === "string" ? part.trim().toLowerCase().split("-") : [];
    const ends = range.map(dayIndex);
    if (range.length < 1 || range.length > 2 || ends.some((d) => d === undefined)) {
      const near = typeof part === "string" ? closest(part.trim(), DAY_NAMES) : undefined;
      reader.report(
        "SL365",
        path,
        `time: days: ${shown(part)} is not a day name or a range of them`,
        near
          ? `did you mean ${near}?`
          : "use mon, tue, wed, thu, fri, sat, sun, ranges such as mon-fri, or lists",
      );
      return undefined;
    }
    const [first, last] = [ends[0] as number, ends[ends.length - 1] as number];
    for (let d = first; ; d = (d + 1) % 7) {
      chosen.add(d);
      if (d === last) break;
    }
  }
  // Monday first, as people read a week.
  return [1, 2, 3, 4, 5, 6, 0].filter((d) => chosen.has(d)).map((d) => DAY_NAMES[d]);
}

function dayIndex(name: string): number | undefined {
  const short = DAY_NAMES.indexOf(name as DayName);
  if (short >= 0) return short;
  const full = FULL_NAMES.indexOf(name);
  return full >= 0 ? full : undefined;
}

function readClock(
  fields: Record<string, unknown>,
  reader: RouteReader,
  path: FieldPath,
): { from: string; to: string } | undefined {
  if (fields.from === undefined && fields.to === undefined) return { from: "00:00", to: "24:00" };
  if (fields.from === undefined || fields.to === undefined) {
    const missing = fields.from === undefined ? "from" : "to";
    reader.report(
      "SL365",
      path,
      `time: the window has no ${missing}`,
      "give both from and to, or neither (the whole day)",
    );
    return undefined;
  }
  const from = clockOf(fields.from, false);
  const to = clockOf(fields.to, true);
  for (const [name, value, ok] of [
    ["from", fields.from, from],
    ["to", fields.to, to],
  ] as const)
    if (!ok)
      reader.report(
        "SL365",
        [...path, name],
        `time: ${name}: ${shown(value)} is not a time of day HH:MM`,
        name === "to"
          ? 'quote it, such as "17:00"; 24:00 ends at midnight'
          : 'quote it, such as "09:00"',
      );
  if (!from || !to) return undefined;
  if (minutesOf(from) === minutesOf(to)) {
    reader.report(
      "SL366",
      [...path, "to"],
      `time: the window starts and ends at ${from}, so it is empty (or the whole day?)`,
      "leave out from and to for the whole day",
    );
    return undefined;
  }
  return { from, to };
}

function clockOf(value: unknown, end: boolean): string | undefined {
  if (typeof value !== "string") return undefined;
  if (end && value === "24:00") return value;
  return CLOCK.test(value) ? value : undefined;
}

function readZone(raw: unknown, reader: RouteReader, path: FieldPath): string | undefined {
  if (raw === VISITOR_TIME_ZONE) return raw;
  const zone = typeof raw === "string" && raw !== "" ? canonicalZone(raw) : undefined;
  if (zone) return zone;
  reader.report(
    "SL364",
    path,
    raw === undefined
      ? "time: the window names no time zone (tz)"
      : `time: tz: ${shown(raw)} is not an IANA time zone`,
    "for example tz: Europe/Paris, or tz: visitor for the visitor's own zone",
  );
  return undefined;
}

/** SL371: an edge the zone's clocks skip on one of the window's days. */
function warnOfGaps(window: TimeWindow, reader: RouteReader, path: FieldPath, now: number): void {
  const gaps = gapsOf(window.tz, now);
  if (gaps.length === 0) return;
  const from = minutesOf(window.from);
  const to = minutesOf(window.to);
  const overnight = from > to || to === 1440;
  for (const [edge, minute, shift] of [
    ["from", from, 0],
    ["to", to, overnight ? 1 : 0],
  ] as const) {
    for (const day of window.days) {
      const onDay = DAY_NAMES[(DAY_NAMES.indexOf(day) + shift) % 7];
      const gap = gapAt(gaps, onDay, minute);
      if (!gap) continue;
      reader.report(
        "SL371",
        [...path, edge],
        `time: ${edge} ${window[edge]} falls in a daylight-saving gap of ${window.tz}: once a year its clocks skip from ${clockText(gap.start)} to ${clockText(gap.start + gap.length)} on a ${capitalized(FULL_NAMES[DAY_NAMES.indexOf(onDay)])}, and that day the window ${edge === "from" ? "starts" : "ends"} at ${clockText(gap.start + gap.length)}`,
        `move the edge out of ${clockText(gap.start)}-${clockText(gap.start + gap.length)} if that matters`,
      );
      return;
    }
  }
}

const capitalized = (word: string) => word[0].toUpperCase() + word.slice(1);
