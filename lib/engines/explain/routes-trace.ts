/**
 * `explain`'s account of a link's routes (docs/routes.md, "explain"): route by route, the
 * condition that decided, in words, from the very trace resolve() kept; and a split's variants
 * with the share of the draw each takes.
 */
import type { LinkRoute, RouteWhen, TimeWindow } from "../../../runtime/contract/index.js";
import type { RouteChoice } from "../../../runtime/link-routes/choose.js";
import type { Decision, Truth } from "../../../runtime/link-routes/conditions.js";
import type { Facts } from "../../../runtime/link-routes/facts.js";
import { visitorLanguage } from "../../../runtime/link-routes/language.js";
import { variantRanges } from "../../../runtime/link-routes/split.js";
import { describeLocal } from "../../../runtime/link-routes/time-window.js";

export interface RouteTrace {
  /** 1-based, as people count. */
  route: number;
  id?: string;
  line: number;
  result: "held" | "failed" | "unknown" | "not tried";
  /** The condition(s) that decided, in words. */
  decided: string[];
}

export interface RoutesExplanation {
  /** The route that answered (1-based), or null: the link's own target. */
  chosen: number | null;
  target: string;
  steps: RouteTrace[];
  split?: {
    draw: number;
    /** Whether the draw was given (--split-draw); otherwise the first variant stands in. */
    given: boolean;
    variant: number;
    variants: {
      variant: number;
      id?: string;
      weight: number;
      target: string;
      draw: [number, number];
    }[];
  };
}

const RESULT = (truth: Truth) => (truth === true ? "held" : truth === false ? "failed" : "unknown");

export function explainRoutes(
  choice: RouteChoice,
  routes: readonly LinkRoute[],
): RoutesExplanation {
  const languages = [...new Set(routes.flatMap((r) => languagesOf(r.when)))];
  const say = new Sayer(choice.facts, languages);
  const steps: RouteTrace[] = routes.map((route, index) => {
    const step = choice.steps[index];
    const base = { route: index + 1, ...(route.id ? { id: route.id } : {}), line: route.line };
    if (!step) return { ...base, result: "not tried", decided: [] };
    const decided = route.when
      ? step.decided.map((d) => say.decision(d, route.when as RouteWhen))
      : ["no conditions"];
    return { ...base, result: RESULT(step.truth), decided };
  });
  const out: RoutesExplanation = {
    chosen: choice.index === null ? null : choice.index + 1,
    target: choice.target,
    steps,
  };
  const split = choice.route?.split;
  if (split && choice.variant) {
    const ranges = variantRanges(split);
    out.split = {
      draw: choice.variant.draw,
      given: choice.facts.drawGiven,
      variant: choice.variant.index + 1,
      variants: split.map((v, i) => ({
        variant: i + 1,
        ...(v.id ? { id: v.id } : {}),
        weight: v.weight,
        target: v.target,
        draw: ranges[i],
      })),
    };
  }
  return out;
}

/** The routes part of explain's text. */
export function formatRoutes(r: RoutesExplanation, file: string): string[] {
  const lines = ["  routes"];
  for (const step of r.steps) {
    const mark = { held: "✓", failed: "✗", unknown: "?", "not tried": "·" }[step.result];
    const name = `route ${step.route}${step.id ? ` (${step.id})` : ""}`;
    const why = step.result === "not tried" ? "not tried" : step.decided.join("; ");
    lines.push(`    ${mark} ${name.padEnd(16)} ${file}:${step.line}  ${why}`);
  }
  if (r.split) {
    const note = r.split.given ? "" : " (no --split-draw: the first variant stands in)";
    lines.push(
      `    split: draw ${r.split.draw.toFixed(4)} picks variant ${r.split.variant}${note}`,
    );
    for (const v of r.split.variants)
      lines.push(
        `      variant ${v.variant}${v.id ? ` (${v.id})` : ""}  weight ${v.weight}  draw ${v.draw[0].toFixed(4)}-${v.draw[1].toFixed(4)}  ${v.target}`,
      );
  }
  lines.push(
    `    => ${r.chosen === null ? "no route held: the link's own target" : `route ${r.chosen}`}: ${r.target}`,
  );
  return lines;
}

function languagesOf(when: RouteWhen | undefined): string[] {
  return when ? [...(when.language ?? []), ...languagesOf(when.not)] : [];
}

const oneOf = (values: readonly unknown[]) =>
  values.length === 1 ? String(values[0]) : `one of ${values.join(", ")}`;
const is = (truth: Truth) => (truth ? "is" : "is not");

/** Words for the conditions of one request. */
class Sayer {
  constructor(
    private readonly facts: Facts,
    private readonly languages: readonly string[],
  ) {}

  decision(d: Decision, when: RouteWhen): string {
    const value = when[d.key];
    if (d.key === "not") {
      const inner = (d.inner ?? []).map((i) => this.decision(i, when.not as RouteWhen));
      return `not (${inner.join("; ")}) ${d.truth === undefined ? "is unknown" : d.truth ? "holds" : "fails"}`;
    }
    const missing = MISSING[d.key];
    if (d.truth === undefined && missing)
      return `${d.key}: ${missing} (a missing fact never matches)`;
    return this.known(d, value);
  }

  private known(d: Decision, value: unknown): string {
    const { facts } = this;
    const values = value as readonly unknown[];
    switch (d.key) {
      case "country":
      case "continent":
      case "region":
      case "asn":
        return `${d.key} ${facts.edge[d.key]} ${is(d.truth)} ${oneOf(values)}`;
      case "ip":
        return `ip ${facts.input.ip} ${is(d.truth)} in ${oneOf(values)}`;
      case "language": {
        const tag = visitorLanguage(facts.languageTags() ?? [], this.languages);
        if (tag === null)
          return `language: no tag of ${JSON.stringify(facts.input.acceptLanguage)} is one this link's routes serve (${this.languages.join(", ")})`;
        return `language: the visitor's language here is ${tag}, ${d.truth ? "" : "not "}covered by ${values.join(", ")}`;
      }
      case "device":
        return `device: the User-Agent is ${facts.agent()?.devices.join(" and ")}, ${d.truth ? "" : "none of "}${values.join(", ")}`;
      case "os":
      case "browser":
        return `${d.key} ${facts.agent()?.[d.key] ?? "(none recognised)"} ${is(d.truth)} ${oneOf(values)}`;
      case "bot": {
        const agent = facts.agent();
        const what = agent?.preview ? "a link-preview bot" : agent?.bot ? "a bot" : "not a bot";
        return `bot: the User-Agent is ${what}; bot: ${values.join(", ")} ${d.truth ? "holds" : "fails"}`;
      }
      case "query": {
        const seen = Object.keys(value as object).map((name) => {
          const got = facts.query().getAll(name);
          return got.length === 0 ? `no ${name}` : got.map((v) => `${name}=${v}`).join(", ");
        });
        return `query: the request has ${seen.join(", ")}; the condition ${d.truth ? "holds" : "fails"}`;
      }
      case "time": {
        const windows = value as TimeWindow[];
        const clocks = windows.map((w) => {
          const tz = w.tz === "visitor" ? facts.edge.timezone : w.tz;
          const local = facts.clock(tz);
          return `${local ? describeLocal(local) : "unknown"} in ${tz ?? "the visitor's zone (none)"}`;
        });
        const spans = windows.map((w) => `${w.days.join(",")} ${w.from}-${w.to}`);
        return `time: ${[...new Set(clocks)].join(", ")} ${d.truth === undefined ? "is unknown for" : d.truth ? "is inside" : "is outside"} ${spans.join(" or ")}`;
      }
      case "after":
        return `after: ${facts.now.toISOString()} ${d.truth ? "is" : "is not"} at or after ${String(value)}`;
      case "before":
        return `before: ${facts.now.toISOString()} ${d.truth ? "is" : "is not"} before ${String(value)}`;
      default:
        return `${d.key}: ${RESULT(d.truth)}`;
    }
  }
}

/** What a condition says when the request lacks its fact. */
const MISSING: Partial<Record<Decision["key"], string>> = {
  country: "the request has no country",
  continent: "the request has no continent",
  region: "the request has no region",
  asn: "the request has no ASN",
  ip: "the request has no client address",
  language: "the request has no Accept-Language",
  device: "the request has no User-Agent",
  os: "the request has no User-Agent",
  browser: "the request has no User-Agent",
  bot: "the request has no User-Agent",
};
