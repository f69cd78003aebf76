/**
 * A route's `when`, compiled once per link and isolate into tests over the request's facts.
 * Three-valued (docs/routes.md, "Missing facts"): a condition on a fact the request lacks is
 * unknown; keys AND (false wins, then unknown), a list ORs (true wins, then unknown), `not`
 * swaps true and false and keeps unknown. Only true matches, so a missing fact never matches,
 * negated or not.
 */
import type { RouteConditionKey, RouteWhen } from "../contract/index.js";
import { inCidr, parseCidr, type Cidr } from "./cidr.js";
import type { Facts } from "./facts.js";
import { visitorLanguage, coversTag } from "./language.js";
import { compileWindow, inWindow } from "./time-window.js";

export type Truth = boolean | undefined;

/** How one condition of a route came out; for `not`, what decided inside it. */
export interface Decision {
  key: RouteConditionKey;
  truth: Truth;
  inner?: Decision[];
}

export interface Verdict {
  truth: Truth;
  /** The condition that decided: the first false, else the first unknown, else every one that held. */
  decided: Decision[];
}

type Test = (facts: Facts) => Truth | Verdict;
interface Condition {
  key: RouteConditionKey;
  test: Test;
}
export type CompiledWhen = Condition[];

/** `languages`: every language value of the link's routes (the visitor's language depends on them all). */
export function compileWhen(when: RouteWhen, languages: readonly string[]): CompiledWhen {
  return Object.entries(when).map(([key, value]) => ({
    key: key as RouteConditionKey,
    test: testOf(key as RouteConditionKey, value as never, languages),
  }));
}

export function evaluate(conditions: CompiledWhen, facts: Facts): Verdict {
  let unknown: Decision | undefined;
  const held: Decision[] = [];
  for (const { key, test } of conditions) {
    const result = test(facts);
    const decision: Decision =
      typeof result === "object"
        ? { key, truth: result.truth, inner: result.decided }
        : { key, truth: result };
    if (decision.truth === false) return { truth: false, decided: [decision] };
    if (decision.truth === undefined) unknown ??= decision;
    else held.push(decision);
  }
  return unknown ? { truth: undefined, decided: [unknown] } : { truth: true, decided: held };
}

const among = <T>(values: readonly T[], fact: T | undefined): Truth =>
  fact === undefined ? undefined : values.includes(fact);

function testOf(key: RouteConditionKey, value: never, languages: readonly string[]): Test {
  switch (key) {
    case "country":
    case "continent":
    case "region":
    case "asn": {
      const values = value as (string | number)[];
      return (facts) => among(values, facts.edge[key]);
    }
    case "ip": {
      const blocks = (value as string[]).map((text) => parseCidr(text) as Cidr);
      return (facts) => {
        const address = facts.ip();
        return address ? blocks.some((block) => inCidr(address, block)) : undefined;
      };
    }
    case "language": {
      const values = value as string[];
      return (facts) => {
        const tags = facts.languageTags();
        if (!tags) return undefined;
        const tag = visitorLanguage(tags, languages);
        return tag !== null && values.some((v) => coversTag(v, tag));
      };
    }
    case "device": {
      const values = value as string[];
      return (facts) => {
        const agent = facts.agent();
        return agent ? agent.devices.some((d) => values.includes(d)) : undefined;
      };
    }
    case "os":
    case "browser": {
      const values = value as string[];
      return (facts) => {
        const agent = facts.agent();
        return agent ? agent[key] !== undefined && values.includes(agent[key]) : undefined;
      };
    }
    case "bot": {
      const values = value as (boolean | "preview")[];
      return (facts) => {
        const agent = facts.agent();
        if (!agent) return undefined;
        return values.some((v) => (v === "preview" ? agent.preview : v === agent.bot));
      };
    }
    case "query": {
      const wanted = Object.entries(value as Record<string, string[] | boolean>);
      return (facts) => {
        const query = facts.query();
        return wanted.every(([name, want]) =>
          typeof want === "boolean"
            ? query.has(name) === want
            : query.getAll(name).some((v) => want.includes(v)),
        );
      };
    }
    case "time": {
      const windows = (value as RouteWhen["time"] & object).map(compileWindow);
      return (facts) => {
        let result: Truth = false;
        for (const window of windows) {
          const local = facts.clock(window.tz === "visitor" ? facts.edge.timezone : window.tz);
          if (local === undefined) result = undefined;
          else if (inWindow(window, local)) return true;
        }
        return result;
      };
    }
    case "after": {
      const at = Date.parse(value);
      return (facts) => facts.now.getTime() >= at;
    }
    case "before": {
      const at = Date.parse(value);
      return (facts) => facts.now.getTime() < at;
    }
    case "not": {
      const inner = compileWhen(value as RouteWhen, languages);
      return (facts) => {
        const verdict = evaluate(inner, facts);
        return { ...verdict, truth: verdict.truth === undefined ? undefined : !verdict.truth };
      };
    }
  }
}
