/**
 * A route's `when` as written -> its compiled form (runtime/contract/routes.ts), every problem
 * reported with its own line: SL360 empty, SL361 unknown key, SL362 codes, SL363 user-agent
 * values, SL367 after/before, SL373 other malformed values; `time` in read-time.ts.
 */
import {
  BROWSERS,
  CONTINENTS,
  DEVICES,
  OPERATING_SYSTEMS,
  ROUTE_CONDITION_KEYS,
  type BotValue,
  type RouteWhen,
} from "../../../../runtime/contract/index.js";
import { formatCidr, parseCidr } from "../../../../runtime/link-routes/cidr.js";
import { parseIsoWithOffset } from "../schedules.js";
import { COUNTRY_CODES } from "./country-codes.js";
import { closest, shown, type FieldPath, type RouteReader } from "./read-context.js";
import { readTime } from "./read-time.js";

/** The most values one condition lists (an `ip` allow-list, a set of countries). */
export const MAX_CONDITION_VALUES = 256;

const LANGUAGE_TAG = /^[a-z]{1,8}(-[a-z0-9]{1,8})*$/;
const REGION = /^([A-Z]{2})-[A-Z0-9]{1,3}$/;
const MAX_ASN = 4_294_967_295;

export function readWhen(
  raw: unknown,
  reader: RouteReader,
  path: FieldPath,
  now: number,
): RouteWhen | undefined {
  if (
    raw === null ||
    raw === undefined ||
    (typeof raw === "object" && !Array.isArray(raw) && Object.keys(raw).length === 0)
  ) {
    reader.report(
      "SL360",
      path,
      `${path[path.length - 1]} is empty: it would hold for every request`,
      "name at least one condition, or drop the route and change the link's target",
    );
    return undefined;
  }
  if (typeof raw !== "object" || Array.isArray(raw)) {
    reader.report(
      "SL373",
      path,
      `${path[path.length - 1]}: expected a mapping of conditions, found ${shown(raw)}`,
    );
    return undefined;
  }
  const when: Record<string, unknown> = {};
  let ok = true;
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const at = [...path, key];
    if (!(ROUTE_CONDITION_KEYS as readonly string[]).includes(key)) {
      const near = closest(key, ROUTE_CONDITION_KEYS);
      reader.report(
        "SL361",
        at,
        `unknown condition ${shown(key)}`,
        near ? `did you mean ${near}?` : `conditions are ${ROUTE_CONDITION_KEYS.join(", ")}`,
      );
      ok = false;
      continue;
    }
    const read = readCondition(key as keyof RouteWhen, value, reader, at, now);
    if (read === undefined) ok = false;
    else when[key] = read;
  }
  if (!ok) return undefined;
  const { after, before } = when as RouteWhen;
  if (after !== undefined && before !== undefined && Date.parse(after) >= Date.parse(before)) {
    reader.report(
      "SL367",
      [...path, "before"],
      `after ${after} is not before before ${before}, so the route never holds`,
    );
    return undefined;
  }
  return when as RouteWhen;
}

function readCondition(
  key: keyof RouteWhen,
  value: unknown,
  reader: RouteReader,
  at: FieldPath,
  now: number,
): unknown {
  switch (key) {
    case "country":
      return list(value, reader, at, (v) =>
        codeOf(v, COUNTRY_CODES, "SL362", "country", reader, at),
      );
    case "continent":
      return list(value, reader, at, (v) =>
        codeOf(v, new Set(CONTINENTS), "SL362", "continent", reader, at),
      );
    case "region":
      return list(value, reader, at, (v) => regionOf(v, reader, at));
    case "asn":
      return list(value, reader, at, (v) => asnOf(v, reader, at));
    case "ip":
      return list(value, reader, at, (v) => cidrOf(v, reader, at));
    case "language":
      return list(value, reader, at, (v) => languageOf(v, reader, at));
    case "device":
      return list(value, reader, at, (v) => nameOf(v, DEVICES, "device", reader, at));
    case "os":
      return list(value, reader, at, (v) => nameOf(v, OPERATING_SYSTEMS, "os", reader, at));
    case "browser":
      return list(value, reader, at, (v) => nameOf(v, BROWSERS, "browser", reader, at));
    case "bot":
      return list(value, reader, at, (v) => botOf(v, reader, at));
    case "query":
      return queryOf(value, reader, at);
    case "time":
      return readTime(value, reader, at, now);
    case "after":
    case "before":
      return momentOf(key, value, reader, at);
    case "not":
      return readWhen(value, reader, at, now);
  }
}

/** One value or a list of them, each read by `one` (undefined: reported). */
function list<T>(
  value: unknown,
  reader: RouteReader,
  at: FieldPath,
  one: (v: unknown) => T | undefined,
): T[] | undefined {
  const items = Array.isArray(value) ? value : [value];
  const name = at.slice(at.lastIndexOf("when") + 1).join(".");
  if (items.length === 0) {
    reader.report("SL373", at, `${name}: an empty list never holds`, "give at least one value");
    return undefined;
  }
  if (items.length > MAX_CONDITION_VALUES) {
    reader.report("SL373", at, `${name}: ${items.length} values; at most ${MAX_CONDITION_VALUES}`);
    return undefined;
  }
  const read = items.map(one);
  if (read.some((v) => v === undefined)) return undefined;
  return [...new Set(read as T[])];
}

function codeOf(
  value: unknown,
  known: ReadonlySet<string>,
  code: "SL362",
  what: string,
  reader: RouteReader,
  at: FieldPath,
): string | undefined {
  const upper = typeof value === "string" ? value.toUpperCase() : undefined;
  if (upper !== undefined && known.has(upper)) return upper;
  const hint =
    upper === "XX"
      ? "XX is how Cloudflare says it could not tell; such a request has no country, and a condition on a missing fact never holds"
      : upper === "UK"
        ? "the United Kingdom is GB"
        : what === "country"
          ? "use ISO 3166-1 alpha-2 codes such as FR or US (T1: Tor)"
          : `continents are ${CONTINENTS.join(", ")}`;
  reader.report(code, at, `${what}: ${shown(value)} is not a known ${what} code`, hint);
  return undefined;
}

function regionOf(value: unknown, reader: RouteReader, at: FieldPath): string | undefined {
  const upper = typeof value === "string" ? value.toUpperCase() : "";
  const m = REGION.exec(upper);
  if (m && COUNTRY_CODES.has(m[1])) return upper;
  reader.report(
    "SL362",
    at,
    `region: ${shown(value)} is not an ISO 3166-2 code of a known country`,
    "for example US-TX or FR-IDF",
  );
  return undefined;
}

function asnOf(value: unknown, reader: RouteReader, at: FieldPath): number | undefined {
  const n =
    typeof value === "string" && /^(AS)?\d{1,10}$/i.test(value)
      ? Number(value.replace(/^AS/i, ""))
      : value;
  if (typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= MAX_ASN) return n;
  reader.report(
    "SL373",
    at,
    `asn: ${shown(value)} is not an autonomous system number`,
    "for example 13335 or AS13335",
  );
  return undefined;
}

function cidrOf(value: unknown, reader: RouteReader, at: FieldPath): string | undefined {
  const cidr = typeof value === "string" ? parseCidr(value.trim()) : "not text";
  if (typeof cidr !== "string") return formatCidr(cidr);
  reader.report(
    "SL373",
    at,
    `ip: ${shown(value)}: ${cidr}`,
    "for example 192.0.2.0/24, 2001:db8::/32 or one address",
  );
  return undefined;
}

function languageOf(value: unknown, reader: RouteReader, at: FieldPath): string | undefined {
  const lower = typeof value === "string" ? value.toLowerCase() : "";
  if (LANGUAGE_TAG.test(lower)) return lower;
  reader.report(
    "SL373",
    at,
    `language: ${shown(value)} is not a language tag`,
    "for example fr, pt-BR or zh-Hant",
  );
  return undefined;
}

function nameOf<T extends string>(
  value: unknown,
  names: readonly T[],
  what: string,
  reader: RouteReader,
  at: FieldPath,
): T | undefined {
  const lower = typeof value === "string" ? value.toLowerCase() : "";
  if ((names as readonly string[]).includes(lower)) return lower as T;
  const near = typeof value === "string" ? closest(value, names) : undefined;
  reader.report(
    "SL363",
    at,
    `${what}: ${shown(value)} is not one this product knows`,
    near ? `did you mean ${near}?` : `use ${names.join(", ")}`,
  );
  return undefined;
}

function botOf(value: unknown, reader: RouteReader, at: FieldPath): BotValue | undefined {
  if (value === true || value === false || value === "preview") return value;
  reader.report("SL363", at, `bot: ${shown(value)} is not true, false or preview`);
  return undefined;
}

function queryOf(value: unknown, reader: RouteReader, at: FieldPath): RouteWhen["query"] {
  if (
    value === null ||
    typeof value !== "object" ||
    Array.isArray(value) ||
    Object.keys(value).length === 0
  ) {
    reader.report(
      "SL373",
      at,
      `query: expected a mapping of parameters, found ${shown(value)}`,
      "for example query: { ref: newsletter, debug: false }",
    );
    return undefined;
  }
  const query: NonNullable<RouteWhen["query"]> = {};
  let ok = true;
  for (const [name, want] of Object.entries(value as Record<string, unknown>)) {
    if (typeof want === "boolean") query[name] = want;
    else {
      const values = list(want, reader, [...at, name], (v) => {
        if (typeof v === "string" || typeof v === "number") return String(v);
        reader.report(
          "SL373",
          [...at, name],
          `query: ${name}: expected a value, a list of values, true or false; found ${shown(v)}`,
        );
        return undefined;
      });
      if (values) query[name] = values;
      else ok = false;
    }
  }
  return ok ? query : undefined;
}

function momentOf(
  key: string,
  value: unknown,
  reader: RouteReader,
  at: FieldPath,
): string | undefined {
  if (typeof value === "string" && parseIsoWithOffset(value) !== undefined) return value;
  reader.report(
    "SL373",
    at,
    `${key}: ${shown(value)} is not ISO 8601 with an offset`,
    "for example 2027-03-01T00:00:00Z or 2027-03-01T09:00:00+01:00",
  );
  return undefined;
}
