/**
 * The `time` condition: a weekly window read on the local wall clock of a time zone, through
 * `Intl` (workerd carries every IANA zone), never a time-zone library. Local time is what the
 * zone's clocks show: in the spring gap a window edge that does not exist is passed at the jump
 * (a 02:30 start begins at 03:00 that day); in the autumn overlap the repeated hour holds twice.
 */
import { DAY_NAMES, type DayName, type TimeWindow } from "../contract/index.js";
import { remember } from "../lru.js";

/** A moment on a zone's wall clock: day of the week (0 Sunday) and minute of the day. */
export interface LocalTime {
  day: number;
  minute: number;
}

/** A window as the runtime tests it: a bit per day (bit 0 Sunday), minutes from and to. */
export interface CompiledWindow {
  days: number;
  from: number;
  to: number;
  tz: string;
}

export function compileWindow(window: TimeWindow): CompiledWindow {
  let days = 0;
  for (const day of window.days) days |= 1 << DAY_NAMES.indexOf(day);
  return { days, from: minutesOf(window.from), to: minutesOf(window.to), tz: window.tz };
}

/** `HH:MM` to minutes of the day (`24:00` is 1440). */
export function minutesOf(text: string): number {
  return Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));
}

export function inWindow(window: CompiledWindow, local: LocalTime): boolean {
  const today = (window.days >> local.day) & 1;
  if (window.from < window.to)
    return today === 1 && local.minute >= window.from && local.minute < window.to;
  // Past midnight: the evening of a named day, or the early hours after one.
  const yesterday = (window.days >> ((local.day + 6) % 7)) & 1;
  return (
    (today === 1 && local.minute >= window.from) || (yesterday === 1 && local.minute < window.to)
  );
}

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Zones whose formatter an isolate keeps (Cloudflare's `timezone` values are IANA names). */
const ZONE_LIMIT = 512;

interface Zone {
  format: Intl.DateTimeFormat;
  /** The UTC minute last asked, and the zone's offset then (ms). */
  minute: number;
  offset: number;
}
const zones = new Map<string, Zone | null>();

/**
 * The wall clock of `tz` at `at` (ms since the epoch), or undefined when the zone is unknown.
 * Offsets change only on whole minutes, so one formatting per zone and minute serves every
 * request in it.
 */
export function localTime(tz: string, at: number): LocalTime | undefined {
  const zone = zoneOf(tz);
  if (!zone) return undefined;
  const minute = Math.floor(at / MINUTE);
  if (zone.minute !== minute) {
    zone.offset = wallClock(zone.format, minute * MINUTE) - minute * MINUTE;
    zone.minute = minute;
  }
  const local = at + zone.offset;
  const days = Math.floor(local / DAY);
  return { day: (((days + 4) % 7) + 7) % 7, minute: Math.floor((local - days * DAY) / MINUTE) };
}

/** Whether `tz` names a zone this runtime knows. */
export function knownZone(tz: string): boolean {
  return zoneOf(tz) !== null;
}

function zoneOf(tz: string): Zone | null {
  let zone = zones.get(tz);
  if (zone === undefined) {
    zone = makeZone(tz);
    remember(zones, tz, zone, ZONE_LIMIT);
  }
  return zone;
}

/**
 * A formatter of `tz`'s wall clock to the minute; throws a RangeError when the zone is unknown.
 * A zone is an IANA name: offset zones (`+01:00`) are refused here although newer engines' Intl
 * accepts them (Node 24 does, Node 20 does not), so `check` and the runtime agree on every engine.
 */
export function zoneFormat(tz: string): Intl.DateTimeFormat {
  if (/^[+\-\u2212]/.test(tz)) throw new RangeError(`not an IANA time zone: ${tz}`);
  return new Intl.DateTimeFormat("en-US", {
    timeZone: tz,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
  });
}

function makeZone(tz: string): Zone | null {
  try {
    return { format: zoneFormat(tz), minute: Number.NaN, offset: 0 };
  } catch (error) {
    if (error instanceof RangeError) return null; // not a zone: the condition is unknown
    throw error;
  }
}

/** The zone's wall clock at `at` as if it were UTC (ms). */
export function wallClock(format: Intl.DateTimeFormat, at: number): number {
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(at))
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
}

/** `mon 18:05`, for explain. */
export function describeLocal(local: LocalTime): string {
  const name: DayName = DAY_NAMES[local.day];
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${name} ${pad(Math.floor(local.minute / 60))}:${pad(local.minute % 60)}`;
}
