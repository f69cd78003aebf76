/**
 * The protected stats API (docs/stats.md): links by prefix and filter, schedule events by time,
 * and the counts the shell shows. Each call reads the index and at most two pages.
 */
import { effectiveState } from "../lifecycle.js";
import {
  LINK_STATES,
  STATS_DEFAULT_LIMIT,
  STATS_MAX_LIMIT,
  type EffectiveState,
  type StatsRow,
} from "../contract/index.js";
import { decodeCursor, encodeCursor, sameQuery, type Cursor } from "./cursor.js";
import { ALL, ENDS, STARTS, entryKey, eventTime } from "./listings.js";
import { NOT_OUR_CURSOR, parseEventsQuery, parseLinksQuery } from "./params.js";
import { KIND_OF_CODE, type StatsLink } from "./rows.js";
import { RangeReader, rangeTotal, rankOf } from "./scan.js";
import type { LoadedIndex, OperatorFiles } from "./store.js";

export type StatsRecord = StatsLink & { effective_state: EffectiveState };

/** A JSON answer: 200 with a body, or 400 with an error. */
export type ApiAnswer = { status: 200; body: unknown } | { status: 400; body: { error: string } };

const LIMITS = { fallback: STATS_DEFAULT_LIMIT, max: STATS_MAX_LIMIT };

/** A row as the API answers it: one object per link, fields in the documented order. */
export function recordOf(row: StatsRow, files: readonly string[], now: Date): StatsRecord {
  const [
    slug,
    kind,
    target,
    status,
    state,
    file,
    line,
    schedule,
    owner,
    tags,
    description,
    routes,
    title,
    notes,
  ] = row;
  const lifecycle = {
    kind: KIND_OF_CODE[kind],
    state: LINK_STATES[state],
    schedule: schedule || undefined,
  };
  const record: Partial<StatsRecord> = {
    slug,
    kind: lifecycle.kind,
    target,
    status,
    state: lifecycle.state,
    effective_state: effectiveState(lifecycle, now),
  };
  if (schedule) record.schedule = schedule;
  if (owner) record.owner = owner;
  if (tags) record.tags = tags;
  if (typeof description === "string") record.description = description;
  if (routes)
    record.routes = routes.map(([route, target, variant]) =>
      variant === undefined ? { route, target } : { route, variant, target },
    );
  if (typeof title === "string") record.title = title;
  if (typeof notes === "string") record.notes = notes;
  record.file = files[file];
  record.line = line;
  return record as StatsRecord;
}

const refused = (parsed: { error: string }): ApiAnswer => ({
  status: 400,
  body: { error: parsed.error },
});

/** The cursor must point into the range it was made for. */
function cursorFits(cursor: Cursor | undefined, range: string, from: string): boolean {
  return cursor === undefined || (cursor.from.startsWith(range) && cursor.from >= from);
}

/** The signed cursor of `text`, or null (a refusal) when it is not one this build wrote. */
async function cursorIn(
  text: string | undefined,
  index: LoadedIndex,
): Promise<Cursor | undefined | null> {
  return text === undefined ? undefined : decodeCursor(text, await index.cursorKey());
}

export async function linksAnswer(
  files: OperatorFiles,
  search: URLSearchParams,
  now: Date,
): Promise<ApiAnswer> {
  const index = await files.statsIndex();
  const parsed = parseLinksQuery(search, index.case_sensitive, LIMITS);
  if (!parsed.ok) return refused(parsed);
  const { listing, prefix, limit } = parsed.value;
  const cursor = await cursorIn(parsed.value.cursor, index);
  if (cursor === null) return refused({ error: NOT_OUR_CURSOR });
  const query = ["links", listing, prefix];
  const slot = index.dense.indexOf(listing);
  const dense = slot >= 0 ? slot : undefined;
  const range = entryKey(dense === undefined ? listing : ALL, prefix);
  if (cursor && !(sameQuery(cursor, query) && cursorFits(cursor, range, range)))
    return refused({ error: "cursor does not belong to this prefix and filter" });
  const reader = new RangeReader(files, index);
  const slice = await reader.slice({ range, from: cursor?.from ?? range, limit, dense });
  const total = cursor ? cursor.total : await rangeTotal(reader, range, dense);
  return {
    status: 200,
    body: {
      links: slice.entries.map((e) => recordOf(e.row, e.files, now)),
      next:
        slice.next === null
          ? null
          : await encodeCursor({ query, from: slice.next, total }, await index.cursorKey()),
      total,
    },
  };
}

export async function eventsAnswer(
  files: OperatorFiles,
  search: URLSearchParams,
  now: Date,
): Promise<ApiAnswer> {
  const parsed = parseEventsQuery(search, now, LIMITS);
  if (!parsed.ok) return refused(parsed);
  const { listing, fromGiven, limit } = parsed.value;
  const index = await files.statsIndex();
  const cursor = await cursorIn(parsed.value.cursor, index);
  if (cursor === null) return refused({ error: NOT_OUR_CURSOR });
  // Without `from`, a cursor goes on from the time it was made for (now has moved since).
  const from = cursor && !fromGiven ? (cursor.query[2] ?? "") : parsed.value.from;
  const query = ["events", listing, from];
  const range = entryKey(listing, "");
  const start = entryKey(listing, from);
  if (cursor && !(sameQuery(cursor, query) && cursorFits(cursor, range, start)))
    return refused({ error: "cursor does not belong to this type and time" });
  const reader = new RangeReader(files, index);
  const slice = await reader.slice({ range, from: cursor?.from ?? start, limit });
  const end = (listing === STARTS ? index.events.starts : index.events.ends)[1];
  const total = cursor ? cursor.total : end - slice.rank;
  const bound = listing === STARTS ? "start" : "end";
  return {
    status: 200,
    body: {
      events: slice.entries.map((e) => {
        const link = recordOf(e.row, e.files, now);
        return { at: eventTime(link.schedule?.[bound] ?? ""), link };
      }),
      next:
        slice.next === null
          ? null
          : await encodeCursor({ query, from: slice.next, total }, await index.cursorKey()),
      total,
    },
  };
}

/** Counts per state and kind, owners and tags, and the active links' state at `now`. */
export async function summaryAnswer(
  files: OperatorFiles,
  search: URLSearchParams,
  now: Date,
): Promise<ApiAnswer> {
  if ([...search.keys()].length > 0) return refused({ error: "summary.json takes no parameters" });
  const index = await files.statsIndex();
  const reader = new RangeReader(files, index);
  const at = now.toISOString();
  // Keys of one time are `<listing> <time> <slug>`; "!" sorts after the space: every entry at `at`.
  const passed = async ([first, end]: [number, number], listing: string) =>
    first === end ? 0 : (await rankOf(reader, entryKey(listing, at + "!"))) - first;
  const started = await passed(index.events.starts, STARTS);
  const scheduled = index.events.starts[1] - index.events.starts[0] - started;
  const expired = await passed(index.events.ends, ENDS);
  return {
    status: 200,
    body: {
      at,
      links: index.links,
      states: index.states,
      kinds: index.kinds,
      effective: { active: index.states.active - scheduled - expired, scheduled, expired },
      owners: index.owners,
      tags: index.tags,
    },
  };
}
