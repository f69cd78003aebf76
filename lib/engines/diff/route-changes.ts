/**
 * What a change does to links' routes (docs/diff.md, "Routes"): routes added, removed,
 * retargeted and reordered, and the destination hosts they add. A route is the same route on
 * both sides when it has the same `id`, or, without one, the same `when`.
 */
import type { LinkRecord, LinkRoute } from "../../../runtime/contract/index.js";
import { hostOf } from "./hosts.js";

export interface RouteView {
  /** The route's id, else `route N` (its position from 1 on its side). */
  route: string;
  line: number;
  /** Its target, or each split variant's target with its weight. */
  targets: string[];
}

export interface RouteChange {
  slug: string;
  file: string;
  line: number;
  added: RouteView[];
  /** As BASE had them (BASE's lines). */
  removed: RouteView[];
  retargeted: { route: string; line: number; before: string[]; after: string[] }[];
  /** The routes both sides have, each side in its order; null when the order is the same. */
  reordered: { before: string[]; after: string[] } | null;
  /** Hosts the head's routes send to that none of the link's BASE destinations did. */
  new_hosts: string[];
}

interface Keyed {
  identity: string;
  view: RouteView;
}

function targetsOf(route: LinkRoute): string[] {
  if (route.split) return route.split.map((v) => `${v.target} (weight ${v.weight})`);
  return route.target === undefined ? [] : [route.target];
}

function destinationsOf(route: LinkRoute): string[] {
  return route.split ? route.split.map((v) => v.target) : route.target ? [route.target] : [];
}

function keyed(routes: readonly LinkRoute[]): Keyed[] {
  return routes.map((route, i) => ({
    identity: route.id !== undefined ? `id ${route.id}` : `when ${JSON.stringify(route.when)}`,
    view: { route: route.id ?? `route ${i + 1}`, line: route.line, targets: targetsOf(route) },
  }));
}

/** The route changes of one link; null when its routes did not change. */
export function routeChangeOf(before: LinkRecord | null, after: LinkRecord): RouteChange | null {
  const was = keyed(before?.routes ?? []);
  const is = keyed(after.routes ?? []);
  const wasById = new Map(was.map((k) => [k.identity, k]));
  const isIds = new Set(is.map((k) => k.identity));
  const change: RouteChange = {
    slug: after.slug,
    file: after.file,
    line: after.line,
    added: is.filter((k) => !wasById.has(k.identity)).map((k) => k.view),
    removed: was.filter((k) => !isIds.has(k.identity)).map((k) => k.view),
    retargeted: [],
    reordered: null,
    new_hosts: newHosts(before, after),
  };
  for (const k of is) {
    const old = wasById.get(k.identity);
    if (old && JSON.stringify(old.view.targets) !== JSON.stringify(k.view.targets))
      change.retargeted.push({
        route: k.view.route,
        line: k.view.line,
        before: old.view.targets,
        after: k.view.targets,
      });
  }
  const common = is.filter((k) => wasById.has(k.identity));
  const baseOrder = was.filter((k) => isIds.has(k.identity));
  if (common.some((k, i) => k.identity !== baseOrder[i].identity))
    change.reordered = {
      before: baseOrder.map((k) => k.view.route),
      after: common.map((k) => k.view.route),
    };
  const changed =
    change.added.length + change.removed.length + change.retargeted.length > 0 ||
    change.reordered !== null;
  return changed ? change : null;
}

function newHosts(before: LinkRecord | null, after: LinkRecord): string[] {
  const known = new Set(
    [before?.target, ...(before?.routes ?? []).flatMap(destinationsOf)]
      .filter((t): t is string => t !== undefined)
      .map(hostOf),
  );
  // A new link's own target is listed with the link; only its routes' other hosts are new here.
  if (!before) known.add(hostOf(after.target));
  const hosts = (after.routes ?? []).flatMap(destinationsOf).map(hostOf);
  return [...new Set(hosts.filter((h) => h !== "" && !known.has(h)))].sort();
}

/** Route changes of every paired link and every added link with routes, by slug. */
export function routeChanges(
  pairs: ReadonlyMap<LinkRecord, LinkRecord>,
  added: readonly LinkRecord[],
): RouteChange[] {
  const changes: RouteChange[] = [];
  for (const [before, after] of pairs) {
    if (!before.routes && !after.routes) continue;
    const change = routeChangeOf(before, after);
    if (change) changes.push(change);
  }
  for (const link of added) {
    const change = link.routes ? routeChangeOf(null, link) : null;
    if (change) changes.push(change);
  }
  return changes.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
}
