/**
 * `shortlinks list`: the instance's links as the build validated them, in the order of their
 * normalised slug, filtered by tag, owner, state or host; the state is the one a visitor meets now
 * (a scheduled link before its window is `scheduled`, after it `expired`). An instance that lists
 * its hosts (docs/domains.md) names each link's host and lists them host by host, in site.yaml's
 * order.
 */
import { compileInstance } from "../../stages/compile.js";
import { errorsIn, type Diagnostic } from "../../shared/diagnostics.js";
import { instanceSite } from "../edit/instance-site.js";
import { chosenHost } from "../edit/link-hosts.js";
import { effectiveState } from "../../../runtime/lifecycle.js";
import {
  LINK_STATES,
  type EffectiveState,
  type LinkRecord,
} from "../../../runtime/contract/index.js";

export const LIST_STATES: readonly EffectiveState[] = [...LINK_STATES, "scheduled", "expired"];

export interface ListFilter {
  tag?: string;
  owner?: string;
  state?: EffectiveState;
  /** `--domain`: one host's links (an alias: those of the host it names). */
  domain?: string;
}

export type ListedLink = Omit<LinkRecord, "key" | "allow"> & { effective_state: EffectiveState };

export type ListResult =
  | {
      links: ListedLink[];
      /** Errors of the instance: links with errors are not listed. */
      problems: Diagnostic[];
      /** The instance lists its hosts: each link names its own as `domain`. */
      hosts: boolean;
    }
  | { usage: Diagnostic };

export async function listLinks(root: string, filter: ListFilter, now: Date): Promise<ListResult> {
  const site = await instanceSite(root);
  const hosts = "hosts" in site ? site.hosts : undefined;
  const host = filter.domain === undefined || !hosts ? undefined : chosenHost(hosts, filter.domain);
  if (host !== undefined && typeof host !== "string") return { usage: host };
  const compiled = await compileInstance({ root, skipBundle: true, tablesOnly: true });
  const order = hosts?.declared ? hosts.listed : [];
  const hostOf = (link: LinkRecord) => link.domain ?? hosts?.defaultHost ?? "";
  const rank = (link: LinkRecord) => order.indexOf(hostOf(link));
  const bySlug = (a: LinkRecord, b: LinkRecord) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : a.kind < b.kind ? -1 : 1;
  const links = [...compiled.links]
    .sort((a, b) => rank(a) - rank(b) || bySlug(a, b))
    .filter((link) => host === undefined || hostOf(link) === host)
    .map((link) => listed(link, now, hosts?.declared ? hostOf(link) : undefined))
    .filter(
      (link) =>
        (filter.tag === undefined || (link.tags ?? []).includes(filter.tag)) &&
        (filter.owner === undefined || link.owner === filter.owner) &&
        (filter.state === undefined || link.effective_state === filter.state),
    );
  return { links, problems: errorsIn(compiled.diagnostics), hosts: hosts?.declared === true };
}

/**
 * A link in a fixed field order: its host (when the instance lists hosts), what it is, then its
 * optional fields, then where it is.
 */
function listed(link: LinkRecord, now: Date, host: string | undefined): ListedLink {
  const { key: _key, allow: _allow, domain: _domain, ...fields } = link;
  const { slug, kind, target, status, state, file, line, ...rest } = fields;
  const head = { slug, kind, target, status, state, effective_state: effectiveState(link, now) };
  return { ...(host === undefined ? {} : { domain: host }), ...head, ...rest, file, line };
}

/**
 * The table people read: slug, state, owner, title and target, columns padded; the host first
 * when the instance lists its hosts.
 */
export function formatTable(
  links: readonly ListedLink[],
  clean: (text: string) => string,
  options: { hosts?: boolean } = {},
): string[] {
  const host = (cells: string[], name: string) => (options.hosts ? [name, ...cells] : cells);
  const header = host(["SLUG", "STATE", "OWNER", "TITLE", "TARGET"], "HOST");
  const rows = links.map((l) =>
    host([l.slug, l.effective_state, l.owner ?? "", l.title ?? "", l.target], l.domain ?? "").map(
      clean,
    ),
  );
  const widths = header.map((h, i) =>
    Math.min(
      MAX_WIDTH,
      rows.reduce((widest, r) => Math.max(widest, r[i].length), h.length),
    ),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cut(cell, widths[i]).padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

/** Columns but the last (the target, printed whole) are cut at this width. */
const MAX_WIDTH = 40;

function cut(text: string, width: number): string {
  return text.length <= width ? text : text.slice(0, width - 1) + "…";
}
