import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SHARD_SCHEMA, type LinkRecord, type RegistryShard } from "../contract/index.js";
import {
  emptyShard,
  findInShard,
  parseShard,
  recordLine,
  shardRecords,
  shardSection,
  shardText,
  shardHeaderProblem,
} from "./shard-format.js";

const record = (kind: LinkRecord["kind"], key: string, extra: Partial<LinkRecord> = {}) =>
  ({
    slug: kind === "splat" ? `${key}/*` : key,
    target: `https://example.com/${key.length}`,
    status: 302,
    state: "active",
    forward_query: true,
    file: "links.yaml",
    line: 3,
    ...extra,
    kind,
    key,
  }) as LinkRecord;

function shardOf(records: LinkRecord[]): RegistryShard {
  const shard = emptyShard();
  for (const r of records) shardSection(shard, r.kind)[r.key] = r;
  return shard;
}

/** Keys that look like each other: prefixes, quotes, escapes, non-ASCII, lone surrogates. */
const TRICKY = [
  "docs",
  "docs/x",
  "doc",
  'd"q',
  "a\\b",
  'x","key":"y',
  "café",
  "☕/x",
  "\ud800",
  "",
  "__proto__",
  "constructor",
  "toString",
];

describe("registry shard text (JSON Lines, one record per line)", () => {
  it("keys that name Object.prototype's members are links like any other", () => {
    const records = ["__proto__", "constructor", "hasOwnProperty"].map((key) =>
      record("exact", key),
    );
    const text = shardText(shardRecords(records));
    for (const r of records) expect(findInShard(text, r.kind, r.key)).toEqual(r);
    const back = parseShard(text);
    expect(Object.keys(back.exact).sort()).toEqual(["__proto__", "constructor", "hasOwnProperty"]);
    expect(back.exact.__proto__).toEqual(records[0]);
  });

  it("every record is found by kind and key, and only there", () => {
    const records = [
      ...TRICKY.map((key) => record("exact", key)),
      ...TRICKY.slice(0, 4).map((key) =>
        record("splat", key, { target: "https://s.example/:splat" }),
      ),
    ];
    const text = shardText(shardRecords(records));
    expect(shardHeaderProblem(text)).toBeNull();
    for (const r of records) expect(findInShard(text, r.kind, r.key)).toEqual(r);
    for (const key of TRICKY.slice(4)) expect(findInShard(text, "splat", key)).toBeUndefined();
    for (const key of ["docs/", "Docs", "do", "x", "y", "docs/x/y", "caf"])
      expect(findInShard(text, "exact", key)).toBeUndefined();
  });

  it("parseShard reads back exactly what shardText wrote (any keys and fields)", () => {
    const key = fc.string({ unit: "binary", maxLength: 12 });
    const link = fc.record({
      kind: fc.constantFrom("exact" as const, "splat" as const),
      key,
      description: fc.option(fc.string({ unit: "binary" }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(link, { selector: (l) => `${l.kind}:${l.key}` }), (links) => {
        const records = links.map((l) =>
          record(l.kind, l.key, l.description === undefined ? {} : { description: l.description }),
        );
        const text = shardText(shardRecords(records));
        expect(parseShard(text)).toEqual(shardOf(records));
        for (const r of records) expect(findInShard(text, r.kind, r.key)).toEqual(r);
      }),
      { numRuns: 300 },
    );
  });

  it("a shard's text is the header and each kind's records in the links' order, one a line", () => {
    const plainText = (records: LinkRecord[]) => {
      const [exact, splat, placeholder] = (["exact", "splat", "placeholder"] as const).map((kind) =>
        records.filter((r) => r.kind === kind),
      );
      const header: Record<string, unknown> = { schema: SHARD_SCHEMA, exact: exact.length };
      header.splat = splat.length;
      if (placeholder.length > 0) header.placeholder = placeholder.length;
      const lines = [...exact, ...splat, ...placeholder].map(recordLine);
      return [JSON.stringify(header), ...lines, ""].join("\n");
    };
    const key = fc.oneof(
      fc.string({ unit: "binary", maxLength: 6 }),
      fc.constantFrom(...TRICKY, "0", "1", "10", "9", "01", "-1", "4294967295", "a\u0000"),
    );
    const link = fc.record({
      kind: fc.constantFrom("exact" as const, "splat" as const, "placeholder" as const),
      key,
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(link, { selector: (l) => `${l.kind}:${l.key}`, maxLength: 40 }),
        (links) => {
          const records = links.map((l) => record(l.kind, l.key));
          expect(shardText(shardRecords(records))).toBe(plainText(records));
        },
      ),
      { numRuns: 500 },
    );
  });

  it.each([
    ["another schema", `{"schema":"shortlinks.registry-shard/1","exact":0,"splat":0}\n`, "schema"],
    [
      "the old whole-JSON form",
      `{"schema":"shortlinks.registry-shard/1","exact":{},"splat":{}}`,
      "schema",
    ],
    [
      "a cut-off last line",
      `{"schema":"${SHARD_SCHEMA}","exact":1,"splat":0}\n{"kind":"exact"`,
      "cut short",
    ],
    ["not JSON", "<html>", "not JSON"],
  ])("refuses %s", (_what, text, problem) => {
    expect(shardHeaderProblem(text)).toContain(problem);
    expect(() => parseShard(text)).toThrow(problem);
  });

  it("refuses a shard whose record count disagrees with its header", () => {
    const text = shardText(shardRecords([record("exact", "a"), record("exact", "b")]));
    const cut = text.split("\n").slice(0, 2).join("\n") + "\n";
    expect(() => parseShard(cut)).toThrow("header counts 2");
  });

  it("a record's line is the JSON of a copy with kind and key first, whatever its field order", () => {
    const text = fc.string({ unit: "binary", maxLength: 8 });
    const fields = fc.record(
      {
        kind: fc.constantFrom("exact" as const, "splat" as const, "placeholder" as const),
        key: text,
        slug: text,
        target: text,
        status: fc.constantFrom(301, 302),
        forward_query: fc.boolean(),
        tags: fc.array(text, { maxLength: 3 }),
        schedule: fc.record({ label: text, start: fc.option(text, { nil: undefined }) }),
        description: fc.option(text, { nil: undefined }),
      },
      { requiredKeys: ["kind", "key"] },
    );
    const plainLine = (record: LinkRecord) => {
      const { kind, key, ...rest } = record;
      return JSON.stringify({ kind, key, ...rest });
    };
    fc.assert(
      fc.property(fields, fc.infiniteStream(fc.nat()), (value, order) => {
        const names = Object.keys(value);
        for (let i = names.length - 1; i > 0; i--) {
          const j = order.next().value % (i + 1);
          [names[i], names[j]] = [names[j], names[i]];
        }
        const shuffled = Object.fromEntries(names.map((name) => [name, value[name as "key"]]));
        const inOrder = { kind: value.kind, key: value.key, ...shuffled };
        for (const record of [shuffled, inOrder] as unknown as LinkRecord[])
          expect(recordLine(record)).toBe(plainLine(record));
      }),
      { numRuns: 500 },
    );
    for (const record of [
      { key: "k", kind: "exact" },
      { key: "k", kind: "exact", tags: undefined },
    ])
      expect(recordLine(record as LinkRecord)).toBe(plainLine(record as LinkRecord));
  });
});
