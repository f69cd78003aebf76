/**
 * SL368: routes that can never answer. A route after one without conditions (an unconditional
 * split) is never tried; a route whose conditions repeat or narrow an earlier route's is always
 * taken by that earlier one. "Narrow" is judged key by key (docs/routes.md, "Unreachable
 * routes"): every condition of the earlier route is one the later route states at least as
 * strictly (the same or fewer values, a block inside a block, a tag an earlier one covers, ...).
 */
import type { LinkRoute, RouteWhen, TimeWindow } from "../../../../runtime/contract/index.js";
import { inCidr, parseCidr, type Cidr } from "../../../../runtime/link-routes/cidr.js";
import { coversTag } from "../../../../runtime/link-routes/language.js";
import { minutesOf } from "../../../../runtime/link-routes/time-window.js";

export interface Unreachable {
  /** 0-based positions. */
  route: number;
  by: number;
  why: "unconditional" | "same" | "narrower";
}

export function unreachableRoutes(routes: readonly LinkRoute[]): Unreachable[] {
  const found: Unreachable[] = [];
  routes.forEach((route, index) => {
    for (let earlier = 0; earlier < index; earlier++) {
      const first = routes[earlier].when;
      if (!first) {
        found.push({ route: index, by: earlier, why: "unconditional" });
        return;
      }
      if (route.when && implies(route.when, first)) {
        const same = JSON.stringify(route.when) === JSON.stringify(first);
        found.push({ route: index, by: earlier, why: same ? "same" : "narrower" });
        return;
      }
    }
  });
  return found;
}

/** Whether every request that `b` holds for, `a` holds for too (judged key by key). */
export function implies(b: RouteWhen, a: RouteWhen): boolean {
  return (Object.keys(a) as (keyof RouteWhen)[]).every((key) => keyImplies(key, b, a));
}

const within = <T>(inner: readonly T[] | undefined, outer: readonly T[]) =>
  inner !== undefined && inner.every((v) => outer.includes(v));

function keyImplies(key: keyof RouteWhen, b: RouteWhen, a: RouteWhen): boolean {
  switch (key) {
    case "country":
      // A region lies in its country.
      return (
        within(b.country, a.country ?? []) ||
        (b.region !== undefined && b.region.every((r) => (a.country ?? []).includes(r.slice(0, 2))))
      );
    case "continent":
    case "region":
    case "asn":
    case "device":
    case "os":
    case "browser":
    case "bot":
      return within(b[key] as unknown[] | undefined, a[key] as unknown[]);
    case "ip": {
      const outer = (a.ip ?? []).map((c) => parseCidr(c) as Cidr);
      return (b.ip ?? [undefined]).every((text) => {
        const block = text === undefined ? undefined : (parseCidr(text) as Cidr);
        return (
          block !== undefined && outer.some((o) => o.bits <= block.bits && inCidr(block.bytes, o))
        );
      });
    }
    case "language":
      return (b.language ?? [undefined]).every(
        (tag) => tag !== undefined && (a.language ?? []).some((value) => coversTag(value, tag)),
      );
    case "query":
      return Object.entries(a.query ?? {}).every(([name, want]) => {
        const have = b.query?.[name];
        if (have === undefined) return false;
        if (want === true) return have !== false;
        if (want === false) return have === false;
        return Array.isArray(have) && have.every((v) => want.includes(v));
      });
    case "time":
      return (b.time ?? [undefined]).every(
        (inner) =>
          inner !== undefined && (a.time ?? []).some((outer) => windowWithin(inner, outer)),
      );
    case "after":
      return b.after !== undefined && Date.parse(b.after) >= Date.parse(a.after as string);
    case "before":
      return b.before !== undefined && Date.parse(b.before) <= Date.parse(a.before as string);
    case "not":
      return JSON.stringify(b.not) === JSON.stringify(a.not);
  }
}

/** Same zone, fewer days, a narrower span of the same day (windows past midnight: only equal). */
function windowWithin(inner: TimeWindow, outer: TimeWindow): boolean {
  if (inner.tz !== outer.tz || !inner.days.every((d) => outer.days.includes(d))) return false;
  const [f1, t1, f2, t2] = [inner.from, inner.to, outer.from, outer.to].map(minutesOf);
  if (f1 > t1 || f2 > t2) return f1 === f2 && t1 === t2;
  return f2 <= f1 && t1 <= t2;
}
