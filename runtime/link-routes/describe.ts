/** The routes step in resolve()'s trace, in one line (explain prints each route in full). */
import { ROUTE_CONDITION_KEYS, type LinkRoute, type RouteWhen } from "../contract/index.js";
import type { RouteChoice } from "./choose.js";

/** `route 2 (fr): country, language held` or `split variant 1 of route 3`, or the default. */
export function describeChoice(choice: RouteChoice): string {
  if (choice.index === null) return "no route held: the link's own target";
  const name = `route ${choice.index + 1}${choice.route?.id ? ` (${choice.route.id})` : ""}`;
  const held = choice.steps[choice.steps.length - 1].decided.map((d) => d.key);
  const why = held.length > 0 ? `${held.join(", ")} held` : "no condition";
  if (!choice.variant) return `${name}: ${why}`;
  const variant = choice.route?.split?.[choice.variant.index];
  const label = `variant ${choice.variant.index + 1}${variant?.id ? ` (${variant.id})` : ""}`;
  return `${name}: ${why}; split ${label} at draw ${choice.variant.draw.toFixed(4)}`;
}

/** The route's name for analytics: its id, else its position from 1; `default` for none. */
export function routeLabel(choice: RouteChoice): string {
  return choice.index === null ? "default" : (choice.route?.id ?? String(choice.index + 1));
}

/** The split variant's name for analytics: its id, else its position from 1. */
export function variantLabel(choice: RouteChoice): string | undefined {
  if (!choice.variant) return undefined;
  return choice.route?.split?.[choice.variant.index]?.id ?? String(choice.variant.index + 1);
}

/**
 * What can change a link's answer (the lookup shows it): the condition keys of its routes, in the
 * order docs/routes.md lists them (inside `not` too), and `split` when a split is reachable.
 */
export function routedBy(routes: readonly LinkRoute[]): string[] {
  const keys = new Set<string>();
  const collect = (when: RouteWhen) => {
    for (const key of Object.keys(when)) if (key !== "not") keys.add(key);
    if (when.not) collect(when.not);
  };
  for (const route of routes) if (route.when) collect(route.when);
  const named: string[] = ROUTE_CONDITION_KEYS.filter((key) => keys.has(key));
  if (routes.some((route) => route.split)) named.push("split");
  return named;
}

/** One destination a link's routes can send to, named as analytics names route and variant. */
export interface RouteDestination {
  route: string;
  variant?: string;
  target: string;
}

/** Each route's target and each split variant's, in order (`health` probes them, stats lists them). */
export function routeDestinations(routes: readonly LinkRoute[]): RouteDestination[] {
  const all: RouteDestination[] = [];
  routes.forEach((route, i) => {
    const name = route.id ?? String(i + 1);
    if (route.target !== undefined) all.push({ route: name, target: route.target });
    (route.split ?? []).forEach((v, j) =>
      all.push({ route: name, variant: v.id ?? String(j + 1), target: v.target }),
    );
  });
  return all;
}
