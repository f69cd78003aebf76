/** Pairing links of two tables by normalised slug. */
import { describe, expect, it } from "vitest";
import type { LinkRecord } from "../../../runtime/contract/index.js";
import { compareLinks } from "./compare-links.js";

const link = (slug: string, key: string, extra: Partial<LinkRecord> = {}): LinkRecord => ({
  kind: slug.endsWith("/*") ? "splat" : "exact",
  slug,
  key,
  target: `https://example.com/${key}`,
  status: 302,
  state: "active",
  forward_query: true,
  file: "custom/links/a.yaml",
  line: 1,
  ...extra,
});

describe("compareLinks", () => {
  it("pairs by lookup key when both sides match case alike (a respelled slug is one link)", () => {
    const result = compareLinks([link("Docs", "docs")], [link("docs", "docs")], {
      sameCaseRule: true,
    });
    expect(result.added).toEqual([]);
    expect(result.changed.map((c) => c.fields)).toEqual([{ slug: ["Docs", "docs"] }]);
    expect(result.routingChanged).toEqual([]);
  });

  it("an exact link and a splat of the same prefix are different links", () => {
    const result = compareLinks([link("gh", "gh")], [link("gh/*", "gh")], { sameCaseRule: true });
    expect(result.removed.map((l) => l.slug)).toEqual(["gh"]);
    expect(result.added.map((l) => l.slug)).toEqual(["gh/*"]);
  });

  it("case sensitivity turned on: the base link pairs with its own spelling first, its case twin is added", () => {
    const base = [link("Docs", "docs")];
    const head = [link("docs", "docs"), link("Docs", "Docs")];
    const result = compareLinks(base, head, { sameCaseRule: false });
    expect(result.headOf.get(base[0])).toBe(head[1]);
    expect(result.added).toEqual([head[0]]);
    expect(result.routingChanged.map((c) => c.slug)).toEqual(["Docs"]);
  });

  it("case sensitivity turned on: twins that both differ from the base spelling: one pairs, the other is added", () => {
    const base = [link("DOCS", "docs")];
    const head = [link("docs", "docs"), link("Docs", "Docs")];
    const result = compareLinks(base, head, { sameCaseRule: false });
    expect(result.headOf.get(base[0])).toBe(head[0]);
    expect(result.added).toEqual([head[1]]);
  });

  it("case sensitivity turned off: spellings equal under the one case fold pair (final sigma)", () => {
    const base = [link("ΟΔΟΣ", "ΟΔΟΣ")];
    const head = [link("οδοσ", "οδοσ")];
    const result = compareLinks(base, head, { sameCaseRule: false });
    expect(result.headOf.get(base[0])).toBe(head[0]);
    expect(result.added).toEqual([]);
  });

  it("case sensitivity turned off: spellings equal after folding pair", () => {
    const base = [link("Docs", "Docs"), link("Team", "Team")];
    const head = [link("docs", "docs"), link("Team", "team")];
    const result = compareLinks(base, head, { sameCaseRule: false });
    expect([...result.headOf.values()]).toEqual([head[1], head[0]]);
    expect(result.added).toEqual([]);
    expect(result.removed).toEqual([]);
  });

  it("a placeholder link whose params change is the same link, changed in params, and routes differently", () => {
    const before = link("issue/:id", "issue/:id", { kind: "placeholder" });
    const after = link("issue/:id", "issue/:id", {
      kind: "placeholder",
      params: { id: { digits: true, max: 99 } },
    });
    const result = compareLinks([before], [after], { sameCaseRule: true });
    expect(result.changed.map((c) => c.fields)).toEqual([
      { params: [null, { id: { digits: true, max: 99 } }] },
    ]);
    expect(result.routingChanged.map((c) => c.slug)).toEqual(["issue/:id"]);
  });
});
