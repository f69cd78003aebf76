import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ASSET_SCHEMAS } from "./asset-schemas.js";
import { certainlyValid } from "./schema-fastpath.js";
import { compileInstance } from "../compile.js";
import { parseShard } from "../../../runtime/registry/shard-format.js";
import { SHARD_SCHEMA } from "../../../runtime/contract/index.js";

const FIXTURE = join(import.meta.dirname, "..", "..", "..", "fixtures", "valid-basic");
const schemas = ASSET_SCHEMAS as Record<string, z.ZodType>;

/** Every JSON file a fixture compiles to, as the objects SL330 checks. */
async function compiledAssets(): Promise<{ schema: string }[]> {
  const result = await compileInstance({ root: FIXTURE, skipBundle: true });
  const values: { schema: string }[] = [];
  for (const file of result.files ?? []) {
    if (typeof file.content !== "string") continue;
    if (file.path.endsWith(".jsonl")) values.push(parseShard(file.content));
    else if (file.path.endsWith(".json") && file.content.startsWith("{"))
      values.push(JSON.parse(file.content) as { schema: string });
  }
  return values.filter((v) => typeof v.schema === "string" && schemas[v.schema]);
}

/** Copies of `value`, each wrong in one place: a part removed, replaced, or given an extra key. */
function* mutants(value: unknown): Generator<unknown> {
  const wrong = [undefined, null, 0, -1, 1.5, "", "x", true, [], {}, [""], Number.NaN];
  for (const replacement of wrong) yield replacement;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++)
      for (const inner of mutants(value[i])) yield value.map((item, j) => (i === j ? inner : item));
    yield [...value, value[0]];
    yield value.slice(1);
  } else if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      for (const inner of mutants(record[key])) yield { ...record, [key]: inner };
      const { [key]: _removed, ...rest } = record;
      yield rest;
    }
    yield { ...record, unexpected: 1 };
  }
}

describe("certainlyValid: a zod schema read into a predicate", () => {
  it("passes every compiled file the schemas accept (else the self-check stays slow)", async () => {
    const values = await compiledAssets();
    expect(values.map((v) => v.schema)).toContain(SHARD_SCHEMA);
    for (const value of values) {
      expect(schemas[value.schema].safeParse(value).success).toBe(true);
      expect(certainlyValid(schemas[value.schema])(value)).toBe(true);
    }
  });

  it("never passes a value zod refuses: every one-place mutation of every compiled file", async () => {
    let refused = 0;
    for (const value of await compiledAssets()) {
      const schema = schemas[value.schema];
      for (const mutant of mutants(value)) {
        if (!certainlyValid(schema)(mutant)) continue;
        expect(schema.safeParse(mutant).success, JSON.stringify(mutant)).toBe(true);
      }
      for (const mutant of mutants(value)) if (!schema.safeParse(mutant).success) refused++;
    }
    expect(refused).toBeGreaterThan(1000);
  });

  it.each([
    ["a hole in an array is checked as undefined", z.array(z.string()), ["a", , "b"]],
    ["a string's minimum counts code points", z.string().min(2), "\u{1F600}"],
    ["a strict object refuses an unknown key", z.strictObject({ a: z.string() }), { a: "", b: 1 }],
    [
      "a required key that accepts undefined is still required",
      z.strictObject({ a: z.union([z.string(), z.undefined()]) }),
      {},
    ],
    ["a record refuses a symbol key", z.record(z.string(), z.number()), { [Symbol("s")]: 1 }],
    ["a record refuses a class instance", z.record(z.string(), z.number()), new Map()],
    ["a number is finite", z.number(), Number.POSITIVE_INFINITY],
    ["an integer is safe", z.number().int(), 2 ** 60],
    ["a tuple has no extra items", z.tuple([z.string()]), ["a", "b"]],
    ["a tuple has its required items", z.tuple([z.string(), z.string().optional()]), []],
    ["a refinement is zod's", z.number().refine((n) => n % 2 === 0), 3],
    ["a URL is zod's", z.string().url(), "not a url"],
    ["a prefix is checked", z.string().startsWith("/"), "a"],
    ["a pattern is checked", z.string().regex(/^[a-z]+$/g), "A"],
  ] as [string, z.ZodType, unknown][])("%s", (_rule, schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
    expect(certainlyValid(schema)(value)).toBe(false);
  });

  it("passes a record keyed __proto__ as zod does, and a prototype-less record", () => {
    const schema = z.record(z.string(), z.number());
    const record = Object.create(null) as Record<string, unknown>;
    record["__proto__"] = 1;
    record.a = 2;
    expect(schema.safeParse(record).success).toBe(true);
    expect(certainlyValid(schema)(record)).toBe(true);
  });
});
