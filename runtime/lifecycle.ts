import type { EffectiveState, LinkRecord, StatePage } from "./contract/index.js";

/** The lifecycle table of docs/runtime.md: the state a link is in at `now`, schedule applied (exact links only). */
export function effectiveState(
  link: Pick<LinkRecord, "state" | "kind" | "schedule">,
  now: Date,
): EffectiveState {
  if (link.state !== "active") return link.state;
  const schedule = link.kind === "exact" ? link.schedule : undefined;
  if (!schedule) return "active";
  const t = now.getTime();
  if (schedule.start !== undefined && t < Date.parse(schedule.start)) return "scheduled";
  if (schedule.end !== undefined && t >= Date.parse(schedule.end)) return "expired";
  return "active";
}

export type StateOutcome =
  | { kind: "redirect" }
  | { kind: "page"; page: StatePage; status: 404 | 410 | 503 }
  | { kind: "hidden" };

/** Which outcome each effective state yields. `hidden` is answered exactly like a miss. */
export const STATE_OUTCOMES: Record<EffectiveState, StateOutcome> = {
  active: { kind: "redirect" },
  scheduled: { kind: "page", page: "scheduled", status: 404 },
  expired: { kind: "page", page: "expired", status: 410 },
  paused: { kind: "page", page: "paused", status: 503 },
  retired: { kind: "page", page: "retired", status: 410 },
  disabled: { kind: "hidden" },
  draft: { kind: "hidden" },
};

/** Seconds until a paused link's schedule ends, when that end is known and ahead. */
export function retryAfterSeconds(link: LinkRecord, now: Date): number | undefined {
  const end = link.schedule?.end;
  if (link.state !== "paused" || end === undefined) return undefined;
  const seconds = Math.ceil((Date.parse(end) - now.getTime()) / 1000);
  return seconds > 0 ? seconds : undefined;
}
