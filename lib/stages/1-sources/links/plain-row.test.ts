import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { plainLinkRow } from "./plain-row.js";
import { LINK_ROW_SCHEMA } from "./row-schema.js";

/** Values a field may be given: right and wrong types, empty text, null, undefined. */
const anyValue = fc.constantFrom<unknown>(
  "docs",
  "",
  "https://example.org/a",
  301,
  302,
  200,
  "301",
  "active",
  "retired",
  "gone",
  "append",
  "drop",
  true,
  false,
  "true",
  null,
  undefined,
  [],
  ["a", "b"],
  ["a", ""],
  [1],
  { label: "spring" },
  { label: "spring", start: "2026-01-01T00:00:00Z", end: "2026-02-01T00:00:00Z" },
  { label: "" },
  { start: "2026-01-01T00:00:00Z" },
  { label: "x", extra: 1 },
  { label: "x", start: 5 },
  { label: "x", end: undefined },
  { title: "Card", description: "" },
  { title: 1 },
  { description: "d" },
  Object.create({ slug: "inherited" }),
  { title: "Card" },
  { title: "Card", description: "d", image: "/cards/a.png" },
  { title: "Card", image: "" },
  { rules: ["SL207"], reason: "lab" },
  { id: "digits" },
);
const FIELDS = [
  "slug",
  "target",
  "status",
  "state",
  "schedule",
  "forward_query",
  "remainder",
  "description",
  "tags",
  "owner",
  "title",
  "notes",
  "successor",
  "preview",
  "domain",
  "domains",
  "allow",
  "params",
  "routes",
  "column_21",
];
/** Each field's usual value, so that well-formed rows are common too. */
const USUAL: Record<string, unknown> = {
  slug: "docs",
  target: "https://example.org/a",
  status: 302,
  state: "active",
  schedule: { label: "spring", end: "2026-02-01T00:00:00Z" },
  forward_query: false,
  remainder: "drop",
  description: "The docs",
  tags: ["a", "b"],
  owner: "ops",
  title: "Docs",
  notes: "",
  successor: "docs-v2",
  preview: { title: "Card", image: "/cards/a.png" },
  domain: "go.example.org",
  domains: ["a.example.org"],
};
/** A row of usual values for some fields, with one field (any, extras too) given any value. */
const row = fc
  .tuple(
    fc.subarray(Object.keys(USUAL)),
    fc.option(fc.tuple(fc.constantFrom(...FIELDS), anyValue), { freq: 3, nil: undefined }),
    fc.constantFrom(true, true, true, false),
    fc.constantFrom(true, true, true, false),
  )
  .map(([names, odd, withSlug, withTarget]) => {
    const keys = [
      ...new Set([...(withSlug ? ["slug"] : []), ...(withTarget ? ["target"] : []), ...names]),
    ];
    const value: Record<string, unknown> = Object.fromEntries(keys.map((key) => [key, USUAL[key]]));
    if (odd) value[odd[0]] = odd[1];
    return value;
  });

describe("a plain row is checked as zod checks it", () => {
  it("whatever the fast path passes, zod passes with the same value, fields in the same order", () => {
    let plain = 0;
    fc.assert(
      fc.property(row, (value) => {
        const fast = plainLinkRow(value);
        if (fast === undefined) return;
        plain++;
        const zod = LINK_ROW_SCHEMA.safeParse(value);
        expect(zod.success).toBe(true);
        expect(fast).toEqual(zod.data);
        expect(JSON.stringify(fast)).toBe(JSON.stringify(zod.data));
      }),
      { numRuns: 5000 },
    );
    expect(plain).toBeGreaterThan(500);
  });

  it("every row zod refuses is left to zod", () => {
    let refused = 0;
    fc.assert(
      fc.property(row, (value) => {
        if (LINK_ROW_SCHEMA.safeParse(value).success) return;
        refused++;
        expect(plainLinkRow(value)).toBeUndefined();
      }),
      { numRuns: 5000 },
    );
    expect(refused).toBeGreaterThan(500);
  });

  it("copies nested mappings and lists, as zod does", () => {
    const value = { slug: "a", target: "https://x.org", tags: ["t"], schedule: { label: "l" } };
    const fast = plainLinkRow(value);
    expect(fast).toEqual(value);
    expect(fast?.tags).not.toBe(value.tags);
    expect(fast?.schedule).not.toBe(value.schedule);
  });
});
