/**
 * `--at` of explain and diff: ISO 8601 with an offset, as schedules and tests.yaml take times, so
 * a laptop and CI never read one value as two moments (no local time zone, no loose dates).
 */
import { parseIsoWithOffset } from "../stages/2-validate/schedules.js";

export const AT_USAGE = "--at must be ISO 8601 with an offset, such as 2027-01-01T09:00:00+01:00";

/** The moment `text` names, or null when it is not ISO 8601 with an offset or no real time. */
export function atTime(text: string): Date | null {
  const ms = parseIsoWithOffset(text);
  return ms === undefined ? null : new Date(ms);
}
