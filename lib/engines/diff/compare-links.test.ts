/** Pairing links of two tables by normalised slug. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LinkRecord } from "../../../runtime/contract/index.js";
import {
  compareLinks,
  LINK_FIELD_RULES,
  LINK_FIELDS,
  pairInStep,
  type LinkField,
} from "./compare-links.js";

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

  it("title and notes are reported as changes that alter no answer; a successor may", () => {
    const before = link("old", "old", { state: "retired", title: "Old", notes: "a" });
    const after = { ...before, title: "Older", notes: "b", successor: "new" };
    const result = compareLinks([before], [after], { sameCaseRule: true });
    expect(result.changed.map((c) => c.fields)).toEqual([
      { title: ["Old", "Older"], notes: ["a", "b"], successor: [null, "new"] },
    ]);
    expect(result.routingChanged.map((c) => c.slug)).toEqual(["old"]);
  });

  it("the same slug on another host is another link: moving a link to another host removes it and adds one", () => {
    const brand = link("docs", "docs");
    const legacy = link("docs", "docs", { domain: "old.example.net" });
    const result = compareLinks([brand], [legacy], { sameCaseRule: true });
    expect(result.removed).toEqual([brand]);
    expect(result.added).toEqual([legacy]);
    const both = compareLinks([brand, legacy], [legacy, brand], { sameCaseRule: true });
    expect(both.headOf.get(brand)).toBe(brand);
    expect(both.headOf.get(legacy)).toBe(legacy);
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
  it("a splat's remainder (append to drop) is a change, and one that can alter what a request gets", () => {
    const before = link("gh/*", "gh", { status: 301 });
    const after = link("gh/*", "gh", { status: 301, remainder: "drop" });
    const result = compareLinks([before], [after], { sameCaseRule: true });
    expect(result.changed.map((c) => c.fields)).toEqual([{ remainder: [null, "drop"] }]);
    expect(result.routingChanged.map((c) => c.slug)).toEqual(["gh/*"]);
  });
});

/** One change of each field a diff reports (a field added to the record needs its row here). */
const CHANGES: { [F in LinkField]: [LinkRecord[F], LinkRecord[F]] } = {
  slug: ["gh/*", "GH/*"],
  target: ["https://example.com/a", "https://example.com/b"],
  status: [302, 301],
  state: ["active", "paused"],
  schedule: [undefined, { label: "launch", start: "2030-01-01T00:00:00Z" }],
  forward_query: [true, false],
  params: [undefined, { id: { digits: true } }],
  remainder: [undefined, "drop"],
  allow: [undefined, { rules: ["SL205"], reason: "the intranet" }],
  routes: [undefined, [{ when: { country: ["FR"] }, target: "https://example.com/fr", line: 3 }]],
  zone: [undefined, "staff"],
  allow_users: [undefined, { email_domains: ["example.com"] }],
  description: [undefined, "GitHub"],
  tags: [["code"], ["code", "team"]],
  owner: ["ops", "web"],
  title: [undefined, "GitHub"],
  notes: ["asked by support", "asked by support\nrenew in May"],
  successor: [undefined, "code"],
  preview: [undefined, { title: "GitHub", image: "/cards/gh.png" }],
  file: ["custom/links/a.yaml", "custom/links/b.yaml"],
};

describe("compareLinks: every field of a link", () => {
  it("every field of the link record has a diff rule", () => {
    const record: Required<LinkRecord> = {
      ...link("gh/*", "gh"),
      schedule: { label: "launch" },
      remainder: "drop",
      params: { id: { digits: true } },
      allow: { rules: ["SL205"], reason: "the intranet" },
      routes: [{ when: { country: ["FR"] }, target: "https://example.com/fr", line: 3 }],
      zone: "staff",
      allow_users: { emails: ["carol@example.com"] },
      description: "GitHub",
      tags: ["code"],
      owner: "ops",
      title: "GitHub",
      notes: "asked by support",
      successor: "code",
      preview: { title: "GitHub" },
      domain: "go.example.net",
    };
    expect(Object.keys(LINK_FIELD_RULES).sort()).toEqual(Object.keys(record).sort());
  });

  it.each(LINK_FIELDS)(
    "a change of %s is reported, as a routing change when it can alter an answer",
    (field) => {
      const [was, is] = CHANGES[field];
      const side = (value: unknown) => {
        const record: Record<string, unknown> = { ...link("gh/*", "gh") };
        if (value === undefined) delete record[field];
        else record[field] = value;
        return record as unknown as LinkRecord;
      };
      const result = compareLinks([side(was)], [side(is)], { sameCaseRule: true });
      expect(result.changed.map((c) => c.fields)).toEqual([{ [field]: [was ?? null, is ?? null] }]);
      const routing = LINK_FIELD_RULES[field] === "routing";
      expect(result.routingChanged).toHaveLength(routing ? 1 : 0);
    },
  );

  it("a record both sides hold (a row of an unchanged file) pairs with itself and is no change", () => {
    const shared = link("docs", "docs", { tags: ["a"] });
    const moved = link("blog", "blog");
    const result = compareLinks(
      [shared, moved],
      [{ ...moved, file: "custom/links/b.yaml" }, shared],
      { sameCaseRule: true },
    );
    expect(result.headOf.get(shared)).toBe(shared);
    expect([...result.headOf.keys()]).toEqual([shared, moved]);
    expect(result.changed.map((c) => [c.slug, Object.keys(c.fields)])).toEqual([
      ["blog", ["file"]],
    ]);
    expect(result.added).toEqual([]);
    expect(result.removed).toEqual([]);
  });

  it("pairing in step pairs exactly what pairing by key pairs, however rows were added, removed, changed or moved", () => {
    const slugs = fc.uniqueArray(fc.constantFrom(..."abcdefghijklmnopqrst"), { maxLength: 20 });
    const edit = fc.record({
      op: fc.constantFrom("remove", "insert", "target", "move"),
      at: fc.nat(),
      to: fc.nat(),
      slug: fc.constantFrom(..."uvwxyz"),
    });
    fc.assert(
      fc.property(slugs, fc.array(edit, { maxLength: 8 }), (names, edits) => {
        const base = names.map((name, line) => link(name, name, { line }));
        const head = [...base];
        for (const e of edits) {
          const at = head.length === 0 ? 0 : e.at % head.length;
          if (e.op === "remove") head.splice(at, 1);
          else if (e.op === "insert" && !head.some((l) => l.key === e.slug))
            head.splice(at, 0, link(e.slug, e.slug));
          else if (e.op === "target" && head.length > 0)
            head[at] = { ...head[at], target: "https://example.com/changed" };
          else if (e.op === "move" && head.length > 0)
            head.splice(e.to % head.length, 0, ...head.splice(at, 1));
        }
        const partner = new Int32Array(base.length).fill(-1);
        pairInStep(base, head, partner, new Uint8Array(head.length));
        partner.forEach((j, i) => {
          if (j >= 0) expect(head[j].key).toBe(base[i].key);
        });
        // Every pair is the pair by key: the one head link with the base link's key.
        const result = compareLinks(base, head, { sameCaseRule: true });
        for (const before of base)
          expect(result.headOf.get(before)?.key).toBe(
            head.find((after) => after.key === before.key)?.key,
          );
        expect(result.added.map((l) => l.key)).toEqual(
          head
            .filter((h) => !names.includes(h.key))
            .map((l) => l.key)
            .sort(),
        );
        expect([...result.headOf.keys()]).toEqual(
          base.filter((b) => head.some((h) => h.key === b.key)),
        );
      }),
      { numRuns: 300 },
    );
  });
});
