import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldCase } from "../../../runtime/case-fold.js";
import { FOLD_FULL, FOLD_RUNS } from "../../../runtime/case-fold-table.js";
import { foldedReservedPrefix, parseSegments, plainSlug, reservedPrefixOf } from "./slugs.js";

const segment = fc
  .array(
    fc.oneof(
      { arbitrary: fc.constantFrom("a", "Z", "0", "-", "_", ".", "~", "api", ".."), weight: 20 },
      { arbitrary: fc.constantFrom(":", "é", "%", " ", "\u200b", "\\", "?"), weight: 1 },
    ),
    { minLength: 0, maxLength: 4 },
  )
  .map((chars) => chars.join(""));
const body = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join("/"));

describe("a plain slug body is parsed as each segment's checks parse it", () => {
  it("plainSlug answers exactly what parseSegments answers, whenever it answers", () => {
    let plain = 0;
    fc.assert(
      fc.property(body, fc.boolean(), fc.boolean(), fc.boolean(), (text, splat, slash, cs) => {
        const slug = text + (slash ? "/" : "") + (splat ? "/*" : "");
        const fast = plainSlug(text, splat, slash && !splat, cs);
        if (fast === undefined) return;
        plain++;
        expect(fast).toEqual(parseSegments(slug, text, splat, slash && !splat, cs));
      }),
      { numRuns: 5000 },
    );
    expect(plain).toBeGreaterThan(500);
  });

  it("plainSlug leaves dot segments, empty segments and placeholders to parseSegments", () => {
    for (const text of [".", "..", "a/..", "../a", "a//b", "a/:id", "é", "a b", ""])
      expect(plainSlug(text, false, false, false)).toBeUndefined();
    expect(plainSlug("...", false, false, false)).toMatchObject({ ok: true, key: "..." });
  });
});

describe("a folded key folds to itself", () => {
  it("foldCase(foldCase(c)) is foldCase(c) for every code point the table folds, and ASCII", () => {
    const points = new Set<number>();
    for (let c = 0; c < 0x80; c++) points.add(c);
    for (const run of FOLD_RUNS.split(",")) {
      const [start, count, stride] = run.split(" ").map((n) => parseInt(n, 36));
      for (let i = 0; i < count; i++) points.add(start + i * stride);
    }
    for (const entry of FOLD_FULL.split(",")) points.add(parseInt(entry.split(" ")[0], 36));
    for (const c of points) {
      const once = foldCase(String.fromCodePoint(c));
      expect(foldCase(once)).toBe(once);
    }
  });

  it("foldedReservedPrefix of a folded key is reservedPrefixOf the key", () => {
    for (const key of ["API", "Api/v1", "docs", ".Well-Known/x", "EN/_stats", "ſtatic"])
      expect(foldedReservedPrefix(foldCase(key))).toBe(reservedPrefixOf(key));
  });
});
