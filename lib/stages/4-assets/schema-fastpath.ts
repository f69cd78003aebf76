/**
 * A zod schema read once into a plain predicate that says "this value certainly passes", without
 * zod's per-field result objects and issue lists (docs/performance.md, "Build time"): the
 * self-check of compiled files (SL330) runs on every shard record and stats row of a build, and
 * zod's `safeParse` was about a tenth of a large build's time. The predicate only ever answers
 * `true` for a value zod accepts; `false` means "not sure", and the caller asks zod itself, which
 * gives the verdict and the messages. A schema part this reader does not know (a refinement, a
 * URL format, a coercion, a default) is handed to that part's own `safeParse`.
 */
import type { z } from "zod";

export type Certainly = (value: unknown) => boolean;

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  coerce?: boolean;
  check?: string;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  element?: Schema;
  items?: Schema[];
  rest?: Schema | null;
  options?: Schema[];
  innerType?: Schema;
  keyType?: Schema;
  valueType?: Schema;
  mode?: string;
}
interface CheckDef {
  check: string;
  format?: string;
  value?: unknown;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  prefix?: string;
  pattern?: RegExp;
  when?: unknown;
}
type Schema = z.ZodType & { _zod: { def: Def; optin?: string; values?: Set<unknown> } };

const compiled = new WeakMap<object, Certainly>();

/** The predicate of `schema`, made on first use and kept. */
export function certainlyValid(schema: z.ZodType): Certainly {
  let check = compiled.get(schema);
  if (!check) compiled.set(schema, (check = compile(schema as Schema)));
  return check;
}

const byZod =
  (schema: Schema): Certainly =>
  (value) =>
    schema.safeParse(value).success;

function compile(schema: Schema): Certainly {
  const def = schema._zod.def;
  if (def.coerce || def.check !== undefined) return byZod(schema);
  const checks = (def.checks ?? []).map((c) => checkOf(c._zod.def));
  if (checks.some((c) => c === undefined)) return byZod(schema);
  const type = typeOf(schema);
  if (!type) return byZod(schema);
  if (checks.length === 0) return type;
  const all = checks as Certainly[];
  return (value) => {
    if (!type(value)) return false;
    for (const check of all) if (!check(value)) return false;
    return true;
  };
}

/** A check run after its type's own test passed; undefined when this reader does not know it. */
function checkOf(def: CheckDef): Certainly | undefined {
  const limit = def.value as number;
  switch (def.check) {
    case "min_length": {
      const min = def.minimum!;
      // zod counts a string's code points: at most its units, and at least half of them.
      return (v) => {
        const n = (v as { length: number }).length;
        return typeof v === "string" ? n >= 2 * min || (min <= 1 && n >= min) : n >= min;
      };
    }
    case "max_length": {
      const max = def.maximum!;
      return (v) => (v as { length: number }).length <= max;
    }
    case "greater_than":
      if (typeof limit !== "number") return undefined;
      return def.inclusive ? (v) => (v as number) >= limit : (v) => (v as number) > limit;
    case "less_than":
      if (typeof limit !== "number") return undefined;
      return def.inclusive ? (v) => (v as number) <= limit : (v) => (v as number) < limit;
    case "number_format":
      return def.format === "safeint" ? (v) => Number.isSafeInteger(v) : undefined;
    case "string_format":
      if (def.format === "starts_with") {
        const prefix = def.prefix!;
        return (v) => (v as string).startsWith(prefix);
      }
      if (def.format === "regex" && def.pattern) {
        const pattern = def.pattern;
        return (v) => {
          pattern.lastIndex = 0;
          return pattern.test(v as string);
        };
      }
      return undefined;
    default:
      return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The type's own test, its parts compiled; undefined when this reader does not know the type. */
function typeOf(schema: Schema): Certainly | undefined {
  const def = schema._zod.def;
  switch (def.type) {
    case "string":
      return (v) => typeof v === "string";
    case "number":
      return (v) => typeof v === "number" && Number.isFinite(v);
    case "boolean":
      return (v) => typeof v === "boolean";
    case "never":
      return () => false;
    case "literal":
    case "enum": {
      const values = schema._zod.values;
      return values ? (v) => values.has(v) : undefined;
    }
    case "optional": {
      const inner = def.innerType!;
      if (inner._zod.optin === "defaulted") return undefined;
      const check = certainlyValid(inner);
      return (v) => v === undefined || check(v);
    }
    case "union": {
      const options = def.options!.map(certainlyValid);
      return (v) => options.some((option) => option(v));
    }
    case "array": {
      const element = certainlyValid(def.element!);
      return (v) => {
        if (!Array.isArray(v)) return false;
        // Indexed, not `every`: a hole is checked as undefined, as zod does.
        for (let i = 0; i < v.length; i++) if (!element(v[i])) return false;
        return true;
      };
    }
    case "tuple":
      return def.rest ? undefined : tupleOf(def.items!);
    case "object":
      return objectOf(def);
    case "record":
      return def.mode === undefined || def.mode === "strict" ? recordOf(def) : undefined;
    default:
      return undefined;
  }
}

function tupleOf(items: Schema[]): Certainly {
  const checks = items.map(certainlyValid);
  let required = items.length;
  while (required > 0 && items[required - 1]._zod.optin !== undefined) required--;
  return (v) => {
    if (!Array.isArray(v) || v.length < required || v.length > items.length) return false;
    for (let i = 0; i < v.length; i++) if (!checks[i](v[i])) return false;
    return true;
  };
}

/** A strict or stripping object: every declared key passes, and a strict one has no other. */
function objectOf(def: Def): Certainly | undefined {
  const strict = def.catchall?._zod.def.type === "never";
  if (def.catchall && !strict) return undefined;
  const keys = Object.keys(def.shape!);
  if (keys.includes("__proto__")) return undefined;
  const known = new Set(keys);
  const fields = keys.map((key) => {
    const schema = def.shape![key];
    return { key, optional: schema._zod.optin !== undefined, check: certainlyValid(schema) };
  });
  return (v) => {
    if (!isObject(v)) return false;
    for (const { key, optional, check } of fields) {
      if (!optional && !(key in v)) return false;
      if (!check(v[key])) return false;
    }
    if (strict) for (const key in v) if (!known.has(key)) return false;
    return true;
  };
}

/** A record: a plain object whose own keys and values pass (zod skips a `__proto__` key). */
function recordOf(def: Def): Certainly | undefined {
  if (def.keyType!._zod.values) return undefined;
  const key = certainlyValid(def.keyType!);
  const value = certainlyValid(def.valueType!);
  return (v) => {
    if (!isObject(v)) return false;
    const proto = Object.getPrototypeOf(v) as unknown;
    if (proto !== null && proto !== Object.prototype) return false;
    if (typeof v.constructor === "function" && v.constructor !== Object) return false;
    if (Object.getOwnPropertySymbols(v).length > 0) return false;
    for (const k of Object.keys(v)) {
      if (k === "__proto__") continue;
      if (!key(k) || !value(v[k])) return false;
    }
    return true;
  };
}
