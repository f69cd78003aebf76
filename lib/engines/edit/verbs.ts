/**
 * The editor's verbs as plans over one located row (edit-link.ts runs them): `set` changes fields,
 * `retire` retires a link (naming its successor), `mv` renames one, `rm` removes one. `mv` and
 * `rm` refuse to take a published active link away (docs/editing.md#published-links).
 */
import { isDeepStrictEqual } from "node:util";
import { diag } from "../../shared/diagnostics.js";
import { allOf } from "../../shared/words.js";
import { parseSlug } from "../../stages/2-validate/slugs.js";
import type { Plan } from "./edit-link.js";
import type { LocatedLink } from "./locate-link.js";
import { stateAtHead, type PublishedAt } from "./published.js";
import type { InstanceHosts } from "./link-hosts.js";
import { hostFields, leftHosts, movedHosts } from "./move-hosts.js";

/** `mv --to-domain`: the hosts to move the link to, and the one it leaves (`--domain`). */
export interface HostMove {
  to: readonly string[];
  from?: string;
}

export interface FieldChanges {
  set: Record<string, unknown>;
  unset: readonly string[];
  /** Schedule parts to change; merged into the row's schedule. */
  schedule?: { label?: string; start?: string; end?: string };
  /** The card's parts to change; merged into the row's `preview` (docs/previews.md). */
  preview?: { title?: string; description?: string; image?: string };
}

const place = (link: LocatedLink) => ({ file: link.file, line: link.row.line });
const slugOf = (link: LocatedLink) => String(link.value.slug);

/** `set`: only what differs from the row becomes a change. */
export function planSet(link: LocatedLink, changes: FieldChanges): Plan {
  const set: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes.set))
    if (!isDeepStrictEqual(link.value[field], value)) set[field] = value;
  if (changes.schedule) {
    const current = link.value.schedule;
    const merged = {
      ...(current !== null && typeof current === "object" ? current : {}),
      ...changes.schedule,
    } as Record<string, unknown>;
    if (merged.label === undefined)
      return {
        problem: diag(
          "SL105",
          place(link),
          `link ${JSON.stringify(slugOf(link))} has no schedule: --start and --end need --schedule-label`,
        ),
        usage: true,
      };
    if (!isDeepStrictEqual(current, merged)) set.schedule = merged;
  }
  if (changes.preview) {
    const current = link.value.preview;
    const merged = {
      ...(current !== null && typeof current === "object" ? current : {}),
      ...changes.preview,
    };
    if (!isDeepStrictEqual(current, merged)) set.preview = merged;
  }
  const unset = changes.unset.filter((field) => field in link.value);
  if (Object.keys(set).length === 0 && unset.length === 0)
    return { unchanged: `${slugOf(link)} already has these values` };
  return { change: { kind: "set", index: link.index, set, unset } };
}

/** `retire`: state retired, and the successor when one is named. */
export function planRetire(link: LocatedLink, successor: string | undefined): Plan {
  const set: Record<string, unknown> = { state: "retired" };
  if (successor !== undefined) set.successor = successor;
  return planSet(link, { set, unset: [] });
}

export interface TakeAwayOptions {
  root: string;
  caseSensitive: boolean;
  force: boolean;
  /** The instance's hosts: a link at HEAD counts only on the hosts of the row (docs/domains.md). */
  hosts?: InstanceHosts;
  /** The HEAD lookup, made once per run (the engine plans twice: before and under the lock). */
  memo: { head?: Promise<PublishedAt> };
}

/**
 * Why taking `link` away breaks a published link, or undefined: the link is active in the last
 * commit (or, without git history, active in the work tree).
 */
async function publishedActive(link: LocatedLink, options: TakeAwayOptions) {
  options.memo.head ??= stateAtHead(options.root, {
    slug: slugOf(link),
    caseSensitive: options.caseSensitive,
    hosts: options.hosts && { instance: options.hosts, onHosts: link.hosts },
  });
  const head = await options.memo.head;
  if (head.head) return head.state === "active" ? "it is active in the last commit" : undefined;
  const state = (link.value.state as string | undefined) ?? "active";
  return state === "active"
    ? `it is active, and nothing tells it was never published (${head.why})`
    : undefined;
}

/** `--domain HOST` for a hinted command, when the instance lists its hosts (docs/domains.md). */
const domainFlag = (link: LocatedLink, options: TakeAwayOptions) =>
  options.hosts?.declared ? ` --domain ${link.hosts[0]}` : "";

/** The addresses a rename or a move takes away: `/slug` on the default host, `HOST/slug` on another. */
const address = (link: LocatedLink, options: TakeAwayOptions, hosts = link.hosts) => {
  const slug = slugOf(link);
  const on = (host: string) =>
    host === options.hosts?.defaultHost ? `/${slug}` : `${host}/${slug}`;
  return options.hosts ? allOf(hosts.map(on)) : `/${slug}`;
};

/** `rm`: the row goes, unless it is a published active link and `force` is not given. */
export async function planRemove(link: LocatedLink, options: TakeAwayOptions): Promise<Plan> {
  const why = options.force ? undefined : await publishedActive(link, options);
  if (why === undefined) return { change: { kind: "remove", index: link.index } };
  const slug = slugOf(link);
  return {
    problem: diag(
      "SL134",
      place(link),
      `link ${JSON.stringify(slug)} not removed: ${why}, so everyone who has it would get a 404, and check --against reports SL801`,
      `retire it instead (shortlinks retire ${slug}${domainFlag(link, options)} [--successor NEW]) to keep a 410 page, or pass --force and acknowledge SL801 in custom/acknowledgements.yaml`,
    ),
  };
}

/** `mv`: the slug changes; a published active link needs `keepOld` (retired, pointing on) or `force`. */
export async function planMove(
  link: LocatedLink,
  to: string,
  options: TakeAwayOptions & { keepOld: boolean; toHosts?: HostMove },
): Promise<Plan> {
  const from = slugOf(link);
  const moved = options.toHosts && movedHosts(link.hosts, options.toHosts.to, options.toHosts.from);
  const left = moved ? leftHosts(link.hosts, moved) : [];
  const rehosted = moved !== undefined && (left.length > 0 || moved.length > link.hosts.length);
  if (from === to && !rehosted)
    return { unchanged: `${from} already has ${moved ? "those hosts" : "that slug"}` };
  const next = parseSlug(to, options.caseSensitive);
  const same = parseSlug(from, options.caseSensitive);
  const respelled = next.ok && same.ok && next.kind === same.kind && next.key === same.key;
  if (options.keepOld && !respelled && !moved) {
    const old: Record<string, unknown> = { state: "retired" };
    if (next.ok && next.kind === "exact") old.successor = to;
    const copy: Record<string, unknown> = { ...link.value, slug: to };
    delete copy.successor;
    return {
      change: {
        kind: "all",
        changes: [
          { kind: "set", index: link.index, set: old, unset: [] },
          { kind: "insert-after", index: link.index, row: copy },
        ],
      },
    };
  }
  // What the move takes away: every address of a new slug, else those of the hosts it leaves.
  const gone = respelled ? left : link.hosts;
  const takesAway = gone.length > 0 && !options.force;
  const why = takesAway ? await publishedActive(link, options) : undefined;
  if (why === undefined) {
    const set: Record<string, unknown> = from === to ? {} : { slug: to };
    const unset: string[] = [];
    if (moved && rehosted) {
      const fields = hostFields(moved);
      Object.assign(set, fields.set);
      if (fields.unset in link.value) unset.push(fields.unset);
    }
    return { change: { kind: "set", index: link.index, set, unset } };
  }
  const verb = from === to ? "moved" : "renamed";
  return {
    problem: diag(
      "SL134",
      place(link),
      `link ${JSON.stringify(from)} not ${verb}: ${why}, and ${verb === "moved" ? "moving" : "renaming"} it removes ${address(link, options, gone)} (check --against reports SL801)`,
      moved
        ? "pass --force to move it anyway, or add it on the new host and retire this one"
        : `pass --keep-old to leave ${from} retired with ${to} as its successor, or --force to rename it anyway`,
    ),
  };
}
