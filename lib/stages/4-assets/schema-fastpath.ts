/**
 * A zod schema read once into a plain predicate that says "this value certainly passes", without
 * zod's per-field result objects and issue lists (docs/performance.md, "Build time"): the
 * self-check of compiled files (SL330) runs on every shard record and stats row of a build, and
 * zod's `safeParse` was about a tenth of a large build's time. The predicate only ever answers
 * `true` for a value zod accepts; `false` means "not sure", and the caller asks zod itself, which
 * gives the verdict and the messages. A schema part this reader does not know (a refinement, a
 * URL format, a coercion, a default) is handed to that part's own `safeParse`. Like zod's own
 * objects, the predicate is generated JavaScript (`new Function`): one function per object, array,
 * tuple and record with its fields' tests written inline, so V8 sees no call it cannot inline.
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
  if (!check) compiled.set(schema, (check = generate(schema as Schema)));
  return check;
}

/** The source being written: helper functions, and the values they reach through `ext`. */
class Program {
  readonly functions: string[] = [];
  readonly ext: unknown[] = [];
  private names = 0;

  name(prefix: string): string {
    return `${prefix}${this.names++}`;
  }

  /** An outside value (a Set, a RegExp, zod's own check) by its reference in the source. */
  reference(value: unknown): string {
    this.ext.push(value);
    return `ext[${this.ext.length - 1}]`;
  }

  /** A function of one value `v` with `body` (which returns false on any doubt), by its name. */
  define(body: string): string {
    const name = this.name("f");
    this.functions.push(`function ${name}(v) {\n${body}\nreturn true;\n}`);
    return name;
  }
}

function generate(schema: Schema): Certainly {
  const program = new Program();
  const root = program.define(`if (!(${test(program, schema, "v")})) return false;`);
  const source = `"use strict";\n${program.functions.join("\n")}\nreturn ${root};`;
  return new Function("ext", source)(program.ext) as Certainly;
}

/** A boolean expression of the identifier `v`: true only when zod accepts its value. */
function test(program: Program, schema: Schema, v: string): string {
  const def = schema._zod.def;
  const byZod = () => `${program.reference((x: unknown) => schema.safeParse(x).success)}(${v})`;
  if (def.coerce || def.check !== undefined) return byZod();
  const checks = (def.checks ?? []).map((c) => checkOf(program, c._zod.def, v));
  if (checks.some((c) => c === undefined)) return byZod();
  const type = typeOf(program, schema, v);
  if (type === undefined) return byZod();
  return checks.length === 0 ? type : `(${[type, ...checks].join(" && ")})`;
}

const isOrdinary = (value: unknown) =>
  typeof value === "string" || (typeof value === "number" && Number.isFinite(value));

/** A check run after its type's own test passed; undefined when this reader does not know it. */
function checkOf(program: Program, def: CheckDef, v: string): string | undefined {
  const limit = def.value;
  switch (def.check) {
    case "min_length": {
      // zod counts a string's code points: at most its units, and at least half of them.
      const min = def.minimum!;
      const units = min <= 1 ? `${v}.length >= ${min}` : `${v}.length >= ${2 * min}`;
      return `(typeof ${v} === "string" ? ${units} : ${v}.length >= ${min})`;
    }
    case "max_length":
      return `${v}.length <= ${def.maximum!}`;
    case "greater_than":
    case "less_than": {
      if (typeof limit !== "number" || !Number.isFinite(limit)) return undefined;
      const op = def.check === "greater_than" ? ">" : "<";
      return `${v} ${op}${def.inclusive ? "=" : ""} ${limit}`;
    }
    case "number_format":
      return def.format === "safeint" ? `Number.isSafeInteger(${v})` : undefined;
    case "string_format":
      if (def.format === "starts_with") return `${v}.startsWith(${JSON.stringify(def.prefix!)})`;
      if (def.format === "regex" && def.pattern) {
        const pattern = program.reference(def.pattern);
        return `(${pattern}.lastIndex = 0, ${pattern}.test(${v}))`;
      }
      return undefined;
    default:
      return undefined;
  }
}

/** The type's own test, its parts included; undefined when this reader does not know the type. */
function typeOf(program: Program, schema: Schema, v: string): string | undefined {
  const def = schema._zod.def;
  switch (def.type) {
    case "string":
      return `typeof ${v} === "string"`;
    case "number":
      return `(typeof ${v} === "number" && Number.isFinite(${v}))`;
    case "boolean":
      return `typeof ${v} === "boolean"`;
    case "never":
      return "false";
    case "literal":
    case "enum": {
      const values = schema._zod.values;
      if (!values) return undefined;
      if (values.size <= 4 && [...values].every(isOrdinary))
        return `(${[...values].map((value) => `${v} === ${JSON.stringify(value)}`).join(" || ")})`;
      return `${program.reference(values)}.has(${v})`;
    }
    case "optional": {
      const inner = def.innerType!;
      if (inner._zod.optin === "defaulted") return undefined;
      return `(${v} === undefined || ${test(program, inner, v)})`;
    }
    case "union":
      return `(${def.options!.map((option) => test(program, option, v)).join(" || ")})`;
    case "array": {
      const item = program.name("x");
      // Indexed, not `every`: a hole is checked as undefined, as zod does.
      const name = program.define(`if (!Array.isArray(v)) return false;
for (let i = 0; i < v.length; i++) { const ${item} = v[i]; if (!(${test(program, def.element!, item)})) return false; }`);
      return `${name}(${v})`;
    }
    case "tuple":
      return def.rest ? undefined : `${tupleOf(program, def.items!)}(${v})`;
    case "object": {
      const name = objectOf(program, def);
      return name && `${name}(${v})`;
    }
    case "record": {
      const name = def.mode === undefined || def.mode === "strict" ? recordOf(program, def) : "";
      return name ? `${name}(${v})` : undefined;
    }
    default:
      return undefined;
  }
}

function tupleOf(program: Program, items: Schema[]): string {
  let required = items.length;
  while (required > 0 && items[required - 1]._zod.optin !== undefined) required--;
  const lines = [
    `if (!Array.isArray(v) || v.length < ${required} || v.length > ${items.length}) return false;`,
  ];
  items.forEach((item, i) => {
    const x = program.name("x");
    const check = `const ${x} = v[${i}]; if (!(${test(program, item, x)})) return false;`;
    lines.push(i < required ? check : `if (v.length > ${i}) { ${check} }`);
  });
  return program.define(lines.join("\n"));
}

/** A strict or stripping object: every declared key passes, and a strict one has no other. */
function objectOf(program: Program, def: Def): string | undefined {
  const strict = def.catchall?._zod.def.type === "never";
  if (def.catchall && !strict) return undefined;
  const keys = Object.keys(def.shape!);
  if (keys.includes("__proto__")) return undefined;
  const lines = [`if (typeof v !== "object" || v === null || Array.isArray(v)) return false;`];
  for (const key of keys) {
    const schema = def.shape![key];
    const k = JSON.stringify(key);
    const x = program.name("x");
    if (schema._zod.optin === undefined) lines.push(`if (!(${k} in v)) return false;`);
    lines.push(`const ${x} = v[${k}]; if (!(${test(program, schema, x)})) return false;`);
  }
  if (strict) {
    const cases = keys.map((key) => `case ${JSON.stringify(key)}:`).join(" ");
    lines.push(`for (const k in v) switch (k) { ${cases} break; default: return false; }`);
  }
  return program.define(lines.join("\n"));
}

/** A record: a plain object whose own keys and values pass (zod skips a `__proto__` key). */
function recordOf(program: Program, def: Def): string | undefined {
  if (def.keyType!._zod.values) return undefined;
  return program.define(`if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
const proto = Object.getPrototypeOf(v);
if (proto !== null && proto !== Object.prototype) return false;
if (typeof v.constructor === "function" && v.constructor !== Object) return false;
if (Object.getOwnPropertySymbols(v).length > 0) return false;
for (const k of Object.keys(v)) {
  if (k === "__proto__") continue;
  const x = v[k];
  if (!(${test(program, def.keyType!, "k")}) || !(${test(program, def.valueType!, "x")})) return false;
}`);
}
