/**
 * The routes step of resolve() (docs/routes.md): a link's routes tried in order, the first whose
 * `when` holds gives the target (a split draws one of its variants), the link's own target when
 * none does. Every route is compiled once per link and isolate.
 */
import type { LinkRecord, LinkRoute, RouteWhen, SplitVariant } from "../contract/index.js";
import {
  compileWhen,
  evaluate,
  type CompiledWhen,
  type Decision,
  type Truth,
} from "./conditions.js";
import { Facts } from "./facts.js";
import { pickVariant } from "./split.js";

/** How one route came out. */
export interface RouteStep {
  /** 0-based position in the link's routes. */
  index: number;
  truth: Truth;
  decided: Decision[];
}

export interface RouteChoice {
  /** The route that answered (0-based), or null: the link's own target. */
  index: number | null;
  route: LinkRoute | null;
  /** The split's variant, when the route is a split (0-based). */
  variant: { index: number; draw: number } | null;
  target: string;
  /** The routes tried, in order, up to the one that answered. */
  steps: RouteStep[];
  /** The request's facts, as the conditions read them (explain describes them). */
  facts: Facts;
}

interface CompiledRoute {
  route: LinkRoute;
  when: CompiledWhen | null;
}

const compiled = new WeakMap<readonly LinkRoute[], CompiledRoute[]>();

function compiledRoutes(routes: readonly LinkRoute[]): CompiledRoute[] {
  let done = compiled.get(routes);
  if (!done) {
    const languages = [...new Set(routes.flatMap((route) => languagesOf(route.when)))];
    done = routes.map((route) => ({
      route,
      when: route.when ? compileWhen(route.when, languages) : null,
    }));
    compiled.set(routes, done);
  }
  return done;
}

function languagesOf(when: RouteWhen | undefined): string[] {
  if (!when) return [];
  return [...(when.language ?? []), ...languagesOf(when.not)];
}

/** The route a request takes through `link`'s routes (the link must have some). */
export function chooseRoute(
  link: Pick<LinkRecord, "target" | "routes">,
  facts: Facts,
): RouteChoice {
  const steps: RouteStep[] = [];
  const routes = compiledRoutes(link.routes ?? []);
  for (let index = 0; index < routes.length; index++) {
    const { route, when } = routes[index];
    const verdict = when ? evaluate(when, facts) : { truth: true, decided: [] };
    steps.push({ index, truth: verdict.truth, decided: verdict.decided });
    if (verdict.truth !== true) continue;
    if (!route.split)
      return { index, route, variant: null, target: route.target ?? link.target, steps, facts };
    const draw = facts.draw();
    const variant = pickVariant(route.split, draw);
    return {
      index,
      route,
      variant: { index: variant, draw },
      target: (route.split[variant] as SplitVariant).target,
      steps,
      facts,
    };
  }
  return { index: null, route: null, variant: null, target: link.target, steps, facts };
}

export { Facts };
