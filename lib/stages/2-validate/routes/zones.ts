/**
 * Time zones of `time` windows, checked with the `Intl` the runtime uses: a zone Node's ICU does
 * not know is refused (SL364); a window edge that a daylight-saving jump skips is found by
 * walking the zone's offsets over the coming year (SL371).
 */
import { DAY_NAMES, type DayName } from "../../../../runtime/contract/index.js";
import { wallClock, zoneFormat } from "../../../../runtime/link-routes/time-window.js";

/** The zone's canonical spelling (`europe/paris` -> `Europe/Paris`), or undefined when unknown. */
export function canonicalZone(tz: string): string | undefined {
  try {
    return zoneFormat(tz).resolvedOptions().timeZone;
  } catch (error) {
    if (error instanceof RangeError) return undefined; // Intl's answer for a zone it does not know
    throw error;
  }
}

/** Local wall-clock minutes a forward jump skips: from `start` (minute of the day), `length` long. */
export interface Gap {
  day: DayName;
  start: number;
  length: number;
}

const HOUR = 3_600_000;
const MINUTE = 60_000;
const gapCache = new Map<string, Gap[]>();

/** The zone's distinct forward jumps in the year from `from` (ms). */
export function gapsOf(tz: string, from: number): Gap[] {
  const cached = gapCache.get(tz);
  if (cached) return cached;
  const format = zoneFormat(tz);
  const offset = (at: number) => wallClock(format, at) - at;
  const start = Math.floor(from / HOUR) * HOUR;
  const gaps: Gap[] = [];
  let before = offset(start);
  for (let t = start + 6 * HOUR; t <= start + 366 * 24 * HOUR; t += 6 * HOUR) {
    const after = offset(t);
    if (after > before) {
      // The first minute on the new offset, by bisection in (t - 6 h, t].
      let [low, high] = [t - 6 * HOUR, t];
      while (high - low > MINUTE) {
        const mid = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
        if (offset(mid) === after) high = mid;
        else low = mid;
      }
      const local = new Date(high + before);
      const gap: Gap = {
        day: DAY_NAMES[local.getUTCDay()],
        start: local.getUTCHours() * 60 + local.getUTCMinutes(),
        length: (after - before) / MINUTE,
      };
      if (!gaps.some((g) => g.day === gap.day && g.start === gap.start && g.length === gap.length))
        gaps.push(gap);
    }
    before = after;
  }
  gapCache.set(tz, gaps);
  return gaps;
}

/**
 * The gap that skips minute `edge` (of the day) on `day`, if any. An edge at the gap's first
 * minute is not moved: the jump happens at the very moment the clock would have shown it.
 */
export function gapAt(gaps: readonly Gap[], day: DayName, edge: number): Gap | undefined {
  const minute = edge % 1440;
  return gaps.find((g) => g.day === day && minute > g.start && minute < g.start + g.length);
}

export function clockText(minute: number): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(minute / 60) % 24)}:${pad(minute % 60)}`;
}
