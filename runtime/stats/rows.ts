/**
 * A link as the stats index shows it, and its compact row in a stats page. The compiler encodes
 * rows here; the API reads them back in one place (recordOf, stats-api.ts).
 */
import {
  LINK_STATES,
  STATS_NAME_MAX,
  STATS_ROUTES_MAX,
  STATS_TAGS_MAX,
  STATS_TEXT_MAX,
  type LinkKind,
  type LinkRecord,
  type LinkState,
  type RedirectStatus,
  type Schedule,
  type StatsRow,
} from "../contract/index.js";
import { routeDestinations, type RouteDestination } from "../link-routes/describe.js";

/** The fields the stats surface shows of a link (free text cut to the index's limits). */
export interface StatsLink {
  slug: string;
  kind: LinkKind;
  target: string;
  status: RedirectStatus;
  state: LinkState;
  schedule?: Schedule;
  owner?: string;
  tags?: string[];
  description?: string;
  /** A link with routes: each route's and split variant's target (docs/routes.md). */
  routes?: RouteDestination[];
  title?: string;
  notes?: string;
  file: string;
  line: number;
}

/** A row's kind: its code in a stats row (StatsRow), and back. */
export const KIND_CODES = { exact: 0, splat: 1, placeholder: 2 } as const satisfies Record<
  LinkKind,
  number
>;
export const KIND_OF_CODE: readonly LinkKind[] = ["exact", "splat", "placeholder"];

/** `text` cut to at most `max` UTF-16 code units, never inside a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]) ? max - 1 : max;
  return text.slice(0, end);
}

/** Half of a surrogate pair: the only code units nameOf may change. */
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * An owner or tag as the index keeps it and as a filter compares it: well-formed (a lone
 * surrogate, which check refuses with SL118, becomes U+FFFD, as a decoded query string has it).
 */
export const nameOf = (name: string): string =>
  // A short name without a surrogate has nothing to cut or replace (most owners and tags).
  name.length <= STATS_NAME_MAX && !SURROGATE.test(name)
    ? name
    : cutText(name, STATS_NAME_MAX).replace(
        /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
        "\uFFFD",
      );

const ELLIPSIS = "…";
const cutLong = (text: string): string =>
  text.length <= STATS_TEXT_MAX ? text : cutText(text, STATS_TEXT_MAX - 1) + ELLIPSIS;

/**
 * The first STATS_TAGS_MAX tags as the index shows them, each once where it first is; "tags" is
 * added to `cut` when any was cut or left out. `tags` itself when it is already so (most links'),
 * else one array, not a copy per step.
 */
export function shownTags(tags: string[], cut: string[]): string[] {
  if (shownAsTheyAre(tags)) return tags;
  if (tags.length > STATS_TAGS_MAX) cut.push("tags");
  const shown: string[] = [];
  for (let i = 0; i < tags.length && i < STATS_TAGS_MAX; i++) {
    const tag = nameOf(tags[i]);
    if (tag !== tags[i]) cut.push("tags");
    if (!shown.includes(tag)) shown.push(tag);
  }
  return shown;
}

/** Whether the index shows `tags` as they are: at most STATS_TAGS_MAX, each once, none cut. */
function shownAsTheyAre(tags: readonly string[]): boolean {
  if (tags.length > STATS_TAGS_MAX) return false;
  for (let i = 0; i < tags.length; i++)
    if (nameOf(tags[i]) !== tags[i] || tags.indexOf(tags[i]) !== i) return false;
  return true;
}

/**
 * The fields cut while one link is shown (statsLinkOf empties it first): no list and no closure
 * made per link, and one shared empty list for the links with nothing cut (most).
 */
const cutNow: string[] = [];
const NOTHING_CUT: readonly string[] = Object.freeze([]);

/** `shown`, the form the index shows of `original`; `field` is noted as cut when they differ. */
function kept(field: string, original: string, shown: string): string {
  if (shown !== original) cutNow.push(field);
  return shown;
}

/** What the index shows of `link`, and the names of the fields it had to cut. */
export function statsLinkOf(link: LinkRecord): { link: StatsLink; cut: readonly string[] } {
  cutNow.length = 0;
  const out: StatsLink = {
    slug: link.slug,
    kind: link.kind,
    target: kept("target", link.target, cutLong(link.target)),
    status: link.status,
    state: link.state,
    file: link.file,
    line: link.line,
  };
  const { schedule, owner, tags, description, routes, title, notes } = link;
  if (schedule) {
    const label = kept("schedule.label", schedule.label, nameOf(schedule.label));
    out.schedule = label === schedule.label ? schedule : { ...schedule, label };
  }
  if (owner !== undefined) out.owner = kept("owner", owner, nameOf(owner));
  if (tags !== undefined) out.tags = shownTags(tags, cutNow);
  if (description !== undefined)
    out.description = kept("description", description, cutLong(description));
  if (routes) {
    const destinations = routeDestinations(routes);
    if (destinations.length > STATS_ROUTES_MAX) cutNow.push("routes");
    out.routes = destinations.slice(0, STATS_ROUTES_MAX).map((d) => ({
      ...d,
      target: kept("routes", d.target, cutLong(d.target)),
    }));
  }
  if (title !== undefined) out.title = kept("title", title, cutLong(title));
  if (notes !== undefined) out.notes = kept("notes", notes, cutLong(notes));
  if (cutNow.length === 0) return { link: out, cut: NOTHING_CUT };
  return { link: out, cut: [...new Set(cutNow)] };
}

export function encodeRow(link: StatsLink, file: number): StatsRow {
  // Every optional slot holds 0 when absent; trailing ones are dropped, so the last is never 0.
  const row: StatsRow[number][] = [
    link.slug,
    KIND_CODES[link.kind],
    link.target,
    link.status,
    LINK_STATES.indexOf(link.state),
    file,
    link.line,
    link.schedule ?? 0,
    link.owner ?? 0,
    link.tags ?? 0,
    link.description ?? 0,
    link.routes
      ? link.routes.map((d): [string, string] | [string, string, string] =>
          d.variant === undefined ? [d.route, d.target] : [d.route, d.target, d.variant],
        )
      : 0,
    link.title ?? 0,
    link.notes ?? 0,
  ];
  while (row.length > 7 && row[row.length - 1] === 0) row.pop();
  return row as StatsRow;
}
