/**
 * The structured data of a non-pageview event, shared by both providers, in priority order:
 * when a provider's size limit forces a cut, keys are dropped from the end of this list.
 */
import type { EventFacts } from "./types.js";
import { clip } from "./clip.js";
import type { Visitor } from "./visitor.js";

export type DataValue = string | number;
export type EventData = [key: string, value: DataValue][];

/** Umami's limits, applied to both providers: values up to 500 characters, keys up to 50, at most 50 keys. */
export const MAX_VALUE_LENGTH = 500;
export const MAX_KEY_LENGTH = 50;
export const MAX_PROPERTIES = 50;

export function eventData(facts: EventFacts, visitor: Visitor): EventData {
  const entries: [string, DataValue | undefined][] = [
    ["type", facts.kind],
    ["zone", facts.zone],
    ["slug", facts.slug],
    ["target_host", facts.target_host],
    ["effective_state", facts.effective_state],
    ["schedule_label", facts.schedule_label],
    ["route", facts.route],
    ["variant", facts.variant],
    ["redirect_status", facts.redirect_status],
    ["redirect_error", facts.redirect_error],
    ["lookup_result", facts.lookup_result],
    ["preview_bot", facts.preview_bot],
    ["bot_family", visitor.bot.family],
    ["country", visitor.country],
    ["colo", visitor.colo],
    ["correlation_id", visitor.correlationId],
    ["path", visitor.pathname],
    ["query", visitor.query],
  ];
  const data: EventData = [];
  for (const [key, value] of entries) {
    if (value === undefined || value === "") continue;
    if (typeof value === "number" && !Number.isFinite(value)) continue;
    data.push([
      key.slice(0, MAX_KEY_LENGTH),
      typeof value === "string" ? clip(value, MAX_VALUE_LENGTH) : value,
    ]);
  }
  return data.slice(0, MAX_PROPERTIES);
}
