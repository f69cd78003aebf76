/**
 * Schedule starts and ends within a window (by default the next 7 days) at either commit: what
 * will change on its own soon after the change lands, or what the change moves.
 */
import type { LinkRecord } from "../../../runtime/contract/index.js";
import { linkId } from "../../shared/link-identity.js";

export interface ScheduleEvent {
  slug: string;
  event: "start" | "end";
  /** ISO 8601, UTC. */
  at: string;
  /** Which commit has it: the base, the head, or both. */
  side: "base" | "head" | "both";
  file: string;
  line: number;
}

export const DAY_MS = 86_400_000;

export function scheduleEvents(options: {
  base: readonly LinkRecord[];
  head: readonly LinkRecord[];
  headOf: ReadonlyMap<LinkRecord, LinkRecord>;
  from: Date;
  days: number;
}): ScheduleEvent[] {
  const start = options.from.getTime();
  const end = start + options.days * DAY_MS;
  const events = new Map<string, ScheduleEvent>();
  const collect = (link: LinkRecord, side: "base" | "head") => {
    if (link.state !== "active" || !link.schedule) return;
    // A base link's event is named by its head partner, looked up only for a link with a schedule.
    const id = side === "head" ? link : (options.headOf.get(link) ?? link);
    for (const event of ["start", "end"] as const) {
      const text = link.schedule[event];
      const t = text === undefined ? NaN : Date.parse(text);
      if (!(t >= start && t <= end)) continue;
      const key = `${linkId(id)}\n${event}\n${t}`;
      const seen = events.get(key);
      if (seen) seen.side = "both";
      else
        events.set(key, {
          slug: link.slug,
          event,
          at: new Date(t).toISOString(),
          side,
          file: link.file,
          line: link.line,
        });
    }
  };
  for (const link of options.head) collect(link, "head");
  for (const link of options.base) collect(link, "base");
  return [...events.values()].sort((a, b) =>
    a.at < b.at ? -1 : a.at > b.at ? 1 : a.slug < b.slug ? -1 : 1,
  );
}
