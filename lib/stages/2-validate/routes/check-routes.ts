/**
 * A link's `routes` (docs/routes.md): each route's shape, conditions and target(s) with its own
 * line, the compiled routes, and the checks of the whole list: routes no request reaches (SL368)
 * and a permanent status on a link whose answer changes (SL372).
 */
import {
  MAX_ROUTES,
  type AccessZone,
  MAX_SPLIT_VARIANTS,
  type LinkKind,
  type LinkRecord,
  type LinkRoute,
  type SplitVariant,
} from "../../../../runtime/contract/index.js";
import type { TargetPolicy } from "../../../../runtime/targets/index.js";
import type { Diagnostic } from "../../../shared/diagnostics.js";
import type { SourceLink } from "../../1-sources/links/row-schema.js";
import { FIELD_LIMITS } from "../../1-sources/links/limits.js";
import { judgeLinkTarget, targetAllowance } from "../link-targets.js";
import { closest, RouteReader, shown, type FieldPath } from "./read-context.js";
import { readWhen } from "./read-when.js";
import { unreachableRoutes } from "./reachability.js";
import { appendAll } from "../../../shared/lists.js";

const ROUTE_KEYS = ["id", "when", "target", "split"];
const VARIANT_KEYS = ["id", "weight", "target"];
const ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,49}$/;

export interface CheckedRoutes {
  routes?: LinkRoute[];
  /** Rules the link's allowance opened for route targets (SL292 counts them as used). */
  allowed: string[];
  diagnostics: Diagnostic[];
}

interface Context {
  reader: RouteReader;
  link: SourceLink;
  kind: LinkKind;
  policy: TargetPolicy;
  allowed: string[];
  now: number;
  /** The placeholder names the link's slug captures (its route targets may use them). */
  names: readonly string[];
  /** The private zone the link lies in: its route targets are judged with it, as its own is. */
  zone?: AccessZone;
}

/** What else a link's route targets are judged with, beside its kind and the policy. */
export interface RouteTargetContext {
  names?: readonly string[];
  zone?: AccessZone;
  now?: number;
}

export function checkRoutes(
  link: SourceLink,
  kind: LinkKind,
  status: LinkRecord["status"],
  policy: TargetPolicy,
  context: RouteTargetContext = {},
): CheckedRoutes {
  if (link.routes === undefined) return { allowed: [], diagnostics: [] };
  const { names = [], zone, now = Date.now() } = context;
  const reader = new RouteReader(link.file, `link "${link.slug}"`, link.fieldLines, link.line);
  const ctx: Context = { reader, link, kind, policy, allowed: [], now, names, zone };
  if (link.routes.length === 0 || link.routes.length > MAX_ROUTES) {
    reader.report(
      "SL374",
      ["routes"],
      link.routes.length === 0
        ? "routes: the list is empty"
        : `routes: ${link.routes.length} routes; at most ${MAX_ROUTES}`,
      link.routes.length === 0
        ? "drop routes, or add one"
        : "split the link, or join routes with lists",
    );
    return { allowed: [], diagnostics: reader.diagnostics };
  }
  const routes = link.routes.map((raw, i) => readRoute(raw, ctx, i));
  repeatedIds(routes, reader);
  if (routes.some((route) => route === undefined) || reader.diagnostics.length > 0)
    return { allowed: ctx.allowed, diagnostics: reader.diagnostics };
  const done = routes as LinkRoute[];
  if (status === 301 || status === 308) {
    const own = link.status !== undefined;
    reader.report(
      "SL372",
      [own ? "status" : "routes"],
      `a link with routes answers by the request and the time, but ${status} ${own ? "" : "(the site's default status) "}lets browsers keep one answer for good`,
      own ? "use status 302 or 307" : "give this link status: 302 or 307",
    );
  }
  for (const found of unreachableRoutes(done)) {
    const by = `route ${found.by + 1}`;
    reader.report(
      "SL368",
      ["routes", found.route],
      found.why === "unconditional"
        ? `route ${found.route + 1} is never reached: ${by} is a split without conditions, which takes every request`
        : `route ${found.route + 1} is never reached: ${by} takes every request it would (its conditions ${found.why === "same" ? "are the same" : "narrow " + by + "'s"})`,
      "move it above, or remove it",
    );
  }
  return { routes: done, allowed: ctx.allowed, diagnostics: reader.diagnostics };
}

function readRoute(raw: unknown, ctx: Context, index: number): LinkRoute | undefined {
  const path: FieldPath = ["routes", index];
  const { reader } = ctx;
  const name = `route ${index + 1}`;
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    reader.report(
      "SL374",
      path,
      `${name}: expected a mapping with when and target, or split; found ${shown(raw)}`,
    );
    return undefined;
  }
  const fields = raw as Record<string, unknown>;
  let ok = unknownKeys(fields, ROUTE_KEYS, reader, path, name);
  const route: LinkRoute = { line: reader.lineOf(path) };
  if (fields.id !== undefined) ok = readId(fields.id, reader, [...path, "id"], name, route) && ok;
  if ("when" in fields) {
    const when = readWhen(fields.when, reader, [...path, "when"], ctx.now);
    if (when) route.when = when;
    else ok = false;
  } else if (fields.target !== undefined && fields.split === undefined) {
    reader.report(
      "SL360",
      path,
      `${name} has a target but no when: it would take every request`,
      "name at least one condition, or drop the route and change the link's target",
    );
    ok = false;
  }
  if ((fields.target === undefined) === (fields.split === undefined)) {
    reader.report(
      "SL374",
      path,
      `${name}: ${fields.target === undefined ? "has neither a target nor a split" : "has both a target and a split"}`,
      "give it target: URL, or split: [{weight, target}, ...]",
    );
    return undefined;
  }
  if (fields.target !== undefined) {
    const target = readTarget(fields.target, ctx, [...path, "target"], name);
    if (target === undefined) return undefined;
    route.target = target;
  } else {
    const split = readSplit(fields.split, ctx, [...path, "split"], name);
    if (split === undefined) return undefined;
    route.split = split;
  }
  return ok ? route : undefined;
}

function readSplit(
  raw: unknown,
  ctx: Context,
  path: FieldPath,
  name: string,
): SplitVariant[] | undefined {
  const { reader } = ctx;
  if (!Array.isArray(raw) || raw.length < 2) {
    reader.report(
      Array.isArray(raw) ? "SL370" : "SL374",
      path,
      Array.isArray(raw)
        ? `${name}: a split of ${raw.length} variant${raw.length === 1 ? "" : "s"} picks nothing`
        : `${name}: split: expected a list of {weight, target}`,
      "give two variants or more, or use target: for one destination",
    );
    return undefined;
  }
  if (raw.length > MAX_SPLIT_VARIANTS) {
    reader.report(
      "SL374",
      path,
      `${name}: split: ${raw.length} variants; at most ${MAX_SPLIT_VARIANTS}`,
    );
    return undefined;
  }
  const variants = raw.map((item, i): SplitVariant | undefined => {
    const at = [...path, i];
    const label = `${name}, variant ${i + 1}`;
    if (item === null || typeof item !== "object" || Array.isArray(item)) {
      reader.report("SL374", at, `${label}: expected {weight, target}, found ${shown(item)}`);
      return undefined;
    }
    const fields = item as Record<string, unknown>;
    let ok = unknownKeys(fields, VARIANT_KEYS, reader, at, label);
    const { weight } = fields;
    if (
      typeof weight !== "number" ||
      !Number.isInteger(weight) ||
      weight < 1 ||
      weight > 1_000_000
    ) {
      reader.report(
        "SL369",
        [...at, "weight"],
        `${label}: weight ${weight === undefined ? "is missing" : shown(weight) + " is not a positive integer"}`,
        "weights are whole numbers from 1; a variant gets weight / total of the requests",
      );
      ok = false;
    }
    if (fields.target === undefined) {
      reader.report("SL374", at, `${label}: has no target`);
      return undefined;
    }
    const target = readTarget(fields.target, ctx, [...at, "target"], label);
    const variant: SplitVariant = { weight: weight as number, target: target ?? "" };
    if (fields.id !== undefined)
      ok = readId(fields.id, reader, [...at, "id"], label, variant) && ok;
    return ok && target !== undefined ? variant : undefined;
  });
  if (variants.some((v) => v === undefined)) return undefined;
  repeatedIds(variants as SplitVariant[], reader, path);
  return variants as SplitVariant[];
}

function readTarget(raw: unknown, ctx: Context, path: FieldPath, name: string): string | undefined {
  const { reader, link } = ctx;
  if (typeof raw !== "string" || raw === "" || raw.length > FIELD_LIMITS.target) {
    reader.report(
      "SL374",
      path,
      typeof raw === "string" && raw !== ""
        ? `${name}: the target is ${raw.length} characters long; at most ${FIELD_LIMITS.target}`
        : `${name}: target: expected an absolute URL, found ${shown(raw)}`,
    );
    return undefined;
  }
  const at = { file: link.file, line: reader.lineOf(path) };
  const judged = judgeLinkTarget(
    { target: raw, at, subject: `${reader.subject}, ${name}` },
    ctx.kind,
    ctx.policy,
    targetAllowance(link),
    ctx.names,
    ctx.zone,
  );
  appendAll(reader.diagnostics, judged.diagnostics);
  appendAll(ctx.allowed, judged.allowed);
  return judged.target;
}

function readId(
  raw: unknown,
  reader: RouteReader,
  path: FieldPath,
  name: string,
  into: { id?: string },
): boolean {
  if (typeof raw === "string" && ID.test(raw)) {
    into.id = raw;
    return true;
  }
  reader.report(
    "SL373",
    path,
    `${name}: id ${shown(raw)} is not a name of letters, digits, - _ .`,
    "at most 50 characters, for example ios or fr-desk",
  );
  return false;
}

function unknownKeys(
  fields: Record<string, unknown>,
  known: string[],
  reader: RouteReader,
  path: FieldPath,
  name: string,
): boolean {
  const unknown = Object.keys(fields).filter((key) => !known.includes(key));
  for (const key of unknown) {
    const near = closest(key, known);
    const conditionHere = ["country", "language", "device", "time", "query"].includes(key);
    reader.report(
      "SL361",
      [...path, key],
      `${name}: unknown key ${shown(key)}`,
      near
        ? `did you mean ${near}?`
        : conditionHere
          ? `conditions go under when: (when: { ${key}: ... })`
          : `a route takes ${known.join(", ")}`,
    );
  }
  return unknown.length === 0;
}

function repeatedIds(
  items: readonly ({ id?: string } | undefined)[],
  reader: RouteReader,
  path: FieldPath = ["routes"],
): void {
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    if (item?.id === undefined) return;
    const first = seen.get(item.id);
    if (first === undefined) seen.set(item.id, i);
    else
      reader.report(
        "SL374",
        [...path, i, "id"],
        `id ${shown(item.id)} is given twice (${first + 1} and ${i + 1}): analytics could not tell them apart`,
      );
  });
}
