/**
 * Records both sides hold (docs/cache.md, "Within one run") are paired with themselves without a
 * map entry each: the comparison answers exactly what it answers for the same sides read afresh,
 * where no record is shared and every pair is compared field by field.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LinkRecord } from "../../../runtime/contract/index.js";
import { compareLinks, type LinkComparison } from "./compare-links.js";
import { hostChanges } from "./hosts.js";
import { routeChanges } from "./route-changes.js";
import { scheduleEvents } from "./schedules.js";

type Fate = "shared" | "retargeted" | "moved" | "base" | "head";

const record = (kind: LinkRecord["kind"], key: string, n: number): LinkRecord => ({
  kind,
  slug: kind === "splat" ? `${key}/*` : key,
  key,
  target: `https://h${n % 3}.example/${key}`,
  status: 302,
  state: "active",
  forward_query: true,
  file: "custom/links/a.yaml",
  line: n + 2,
  ...(n % 3 === 0 ? { schedule: { label: "s", start: `2030-01-0${1 + (n % 9)}T00:00:00Z` } } : {}),
  ...(n % 4 === 0
    ? { routes: [{ when: { country: ["FR"] }, target: "https://fr.example/", line: n + 3 }] }
    : {}),
});

const entries = fc.uniqueArray(
  fc.record({
    kind: fc.constantFrom<LinkRecord["kind"]>("exact", "splat"),
    key: fc.stringMatching(/^[a-c]{1,3}(\/[a-c]{1,2})?$/),
    fate: fc.constantFrom<Fate>(
      "shared",
      "shared",
      "shared",
      "retargeted",
      "moved",
      "base",
      "head",
    ),
  }),
  { selector: (e) => `${e.kind} ${e.key}`, maxLength: 40 },
);

/** The two sides: shared records are the same objects; the order of each side is shuffled. */
function sides(list: { kind: LinkRecord["kind"]; key: string; fate: Fate }[], seed: number) {
  const base: LinkRecord[] = [];
  const head: LinkRecord[] = [];
  list.forEach(({ kind, key, fate }, n) => {
    const link = record(kind, key, n);
    if (fate !== "head") base.push(link);
    if (fate === "shared") head.push(link);
    if (fate === "retargeted") head.push({ ...link, target: `https://other.example/${key}` });
    if (fate === "moved") head.push({ ...link, file: "custom/links/b.yaml", line: 1 });
    if (fate === "head") head.push(link);
  });
  const shuffled = (links: LinkRecord[]) =>
    links
      .map((l, i) => [(i * 7919 + seed) % 101, l] as const)
      .sort((a, b) => a[0] - b[0])
      .map(([, l]) => l);
  return { base: shuffled(base), head: shuffled(head) };
}

/** The comparison with records named by their place on their side, so two runs compare. */
function byPlace(c: LinkComparison, base: LinkRecord[], head: LinkRecord[]) {
  const b = (link: LinkRecord | undefined) => (link === undefined ? -1 : base.indexOf(link));
  const h = (link: LinkRecord | undefined) => (link === undefined ? -1 : head.indexOf(link));
  return {
    pairs: [...c.headOf].map(([before, after]) => [b(before), h(after)]),
    keys: [...c.headOf.keys()].map(b),
    values: [...c.headOf.values()].map(h),
    size: c.headOf.size,
    get: base.map((link) => h(c.headOf.get(link))),
    has: base.map((link) => c.headOf.has(link)),
    report: JSON.stringify([c.added, c.removed, c.changed, c.routingChanged]),
    hosts: JSON.stringify(hostChanges(c.headOf.distinct)),
    routes: JSON.stringify(routeChanges(c.headOf.distinct, c.added)),
    schedules: JSON.stringify(
      scheduleEvents({ base, head, headOf: c.headOf, from: new Date("2030-01-01"), days: 7 }),
    ),
  };
}

describe("pairing records both sides hold", () => {
  it("answers as the same sides read afresh (no record shared): pairs, their order, changes, hosts and routes", () => {
    fc.assert(
      fc.property(entries, fc.nat(100), (list, seed) => {
        const { base, head } = sides(list, seed);
        const cached = compareLinks(base, head, { sameCaseRule: true });
        const [freshBase, freshHead] = [base.map((l) => ({ ...l })), head.map((l) => ({ ...l }))];
        const fresh = compareLinks(freshBase, freshHead, { sameCaseRule: true });
        expect(fresh.headOf.shared.size).toBe(0);
        expect(byPlace(cached, base, head)).toEqual(byPlace(fresh, freshBase, freshHead));
        // The plain pairing's host and route changes, every pair looked at:
        expect(JSON.stringify(hostChanges(fresh.headOf))).toBe(byPlace(cached, base, head).hosts);
        expect(JSON.stringify(routeChanges(fresh.headOf, fresh.added))).toBe(
          byPlace(cached, base, head).routes,
        );
      }),
      { numRuns: 300 },
    );
  });

  it("leaves every head link either paired with a base link or added, never both", () => {
    fc.assert(
      fc.property(entries, fc.nat(100), fc.boolean(), (list, seed, fresh) => {
        const sided = sides(list, seed);
        const [base, head] = fresh
          ? [sided.base.map((l) => ({ ...l })), sided.head.map((l) => ({ ...l }))]
          : [sided.base, sided.head];
        const c = compareLinks(base, head, { sameCaseRule: true });
        const paired = new Set(c.headOf.values());
        const added = new Set(c.added);
        expect(paired.size + added.size).toBe(head.length);
        for (const link of head) expect(paired.has(link)).toBe(!added.has(link));
      }),
      { numRuns: 300 },
    );
  });
});
