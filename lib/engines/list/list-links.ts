/**
 * `shortlinks list`: the instance's links as the build validated them, in the order of their
 * normalised slug, filtered by tag, owner or state; the state is the one a visitor meets now
 * (a scheduled link before its window is `scheduled`, after it `expired`).
 */
import { compileInstance } from "../../stages/compile.js";
import { errorsIn, type Diagnostic } from "../../shared/diagnostics.js";
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
}

export type ListedLink = Omit<LinkRecord, "key" | "allow"> & { effective_state: EffectiveState };

export interface ListResult {
  links: ListedLink[];
  /** Errors of the instance: links with errors are not listed. */
  problems: Diagnostic[];
}

export async function listLinks(root: string, filter: ListFilter, now: Date): Promise<ListResult> {
  const compiled = await compileInstance({ root, skipBundle: true, tablesOnly: true });
  const links = [...compiled.links]
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.kind < b.kind ? -1 : 1))
    .map((link) => listed(link, now))
    .filter(
      (link) =>
        (filter.tag === undefined || (link.tags ?? []).includes(filter.tag)) &&
        (filter.owner === undefined || link.owner === filter.owner) &&
        (filter.state === undefined || link.effective_state === filter.state),
    );
  return { links, problems: errorsIn(compiled.diagnostics) };
}

/** A link in a fixed field order: what it is, then its optional fields, then where it is. */
function listed(link: LinkRecord, now: Date): ListedLink {
  const { key: _key, allow: _allow, slug, kind, target, status, state, file, line, ...rest } = link;
  const head = { slug, kind, target, status, state, effective_state: effectiveState(link, now) };
  return { ...head, ...rest, file, line };
}

/** The table people read: slug, state, owner, title and target, columns padded. */
export function formatTable(
  links: readonly ListedLink[],
  clean: (text: string) => string,
): string[] {
  const header = ["SLUG", "STATE", "OWNER", "TITLE", "TARGET"];
  const rows = links.map((l) =>
    [l.slug, l.effective_state, l.owner ?? "", l.title ?? "", l.target].map(clean),
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
