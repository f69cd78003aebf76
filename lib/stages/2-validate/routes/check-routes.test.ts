import { describe, expect, it } from "vitest";
import { TEST_POLICY } from "../../../../test/support/policy.js";
import { readYamlRowsFull } from "../../1-sources/links/read-yaml.js";
import { checkRow } from "../../1-sources/links/load-sources.js";
import type { SourceLink } from "../../1-sources/links/row-schema.js";
import { validateLinks } from "../validate-links.js";
import { checkRoutes } from "./check-routes.js";

/** The rows of a YAML file, as the sources stage hands them on. */
function rows(yaml: string): SourceLink[] {
  return readYamlRowsFull(yaml, "custom/links/links.yaml").rows.map((row) => {
    const checked = checkRow(row);
    if (!("link" in checked)) throw new Error(JSON.stringify(checked.diagnostics));
    return checked.link;
  });
}

const validate = (yaml: string) =>
  validateLinks({
    links: rows(yaml),
    site: { case_sensitive: false, default_status: 302 },
    policy: TEST_POLICY,
    staticPaths: [],
  });

describe("routes compile to one canonical form", () => {
  it("codes upper-case, tags lower-case, single values as lists, days, blocks and zones spelled once", () => {
    const { links, diagnostics } = validate(`
- slug: app
  target: https://example.com/get
  routes:
    - id: one
      when:
        country: fr
        continent: [eu]
        region: us-tx
        asn: AS13335
        ip: "2001:DB8:0::/32"
        language: [pt-BR]
        device: IOS
        bot: false
        query: { page: 2, debug: true }
        time: { days: "fri-mon", from: "22:00", to: "02:00", tz: europe/paris }
        after: "2027-03-01T00:00:00Z"
        not: { os: [Windows] }
      target: https://example.com/one
    - split:
        - { id: a, weight: 2, target: "https://A.example.com" }
        - { weight: 1, target: "https://b.example.com/x" }
`);
    expect(diagnostics).toEqual([]);
    expect(links[0].routes).toEqual([
      {
        line: 5,
        id: "one",
        when: {
          country: ["FR"],
          continent: ["EU"],
          region: ["US-TX"],
          asn: [13335],
          ip: ["2001:db8::/32"],
          language: ["pt-br"],
          device: ["ios"],
          bot: [false],
          query: { page: ["2"], debug: true },
          time: [
            { days: ["mon", "fri", "sat", "sun"], from: "22:00", to: "02:00", tz: "Europe/Paris" },
          ],
          after: "2027-03-01T00:00:00Z",
          not: { os: ["windows"] },
        },
        target: "https://example.com/one",
      },
      {
        line: 20,
        split: [
          { id: "a", weight: 2, target: "https://a.example.com/" },
          { weight: 1, target: "https://b.example.com/x" },
        ],
      },
    ]);
  });

  it("a window written from 00:00 to 24:00 is the whole day, not a window that starts where it ends", () => {
    const { links, diagnostics } = validate(`
- slug: z
  target: https://example.com/
  routes:
    - when: { time: { from: "00:00", to: "24:00", tz: UTC } }
      target: https://example.com/z
`);
    expect(diagnostics).toEqual([]);
    expect(links[0].routes?.[0].when?.time?.[0]).toMatchObject({ from: "00:00", to: "24:00" });
  });

  it("a time window without from and to is the whole day, every day without days", () => {
    const { links } = validate(`
- slug: z
  target: https://example.com/
  routes:
    - when: { time: { tz: visitor } }
      target: https://example.com/z
`);
    expect(links[0].routes?.[0].when?.time).toEqual([
      {
        days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
        from: "00:00",
        to: "24:00",
        tz: "visitor",
      },
    ]);
  });
});

describe("route targets pass the twelve target rules, each at its own line", () => {
  it("a route target and a split variant's target are reported where they are written", () => {
    const { diagnostics, links } = validate(`
- slug: app
  target: https://example.com/get
  routes:
    - when: { country: FR }
      target: https://bit.ly/x
    - split:
        - { weight: 1, target: "https://example.com/ok" }
        - { weight: 1, target: "https://example.com/setup.exe" }
`);
    expect(diagnostics.map((d) => [d.code, d.line, d.message.split(":")[0]])).toEqual([
      ["SL208", 6, 'link "app", route 1'],
      ["SL210", 9, 'link "app", route 2, variant 2'],
    ]);
    expect(links).toEqual([]);
  });

  it("a splat link's route target may hold :splat in its path, never in its host", () => {
    const { diagnostics } = validate(`
- slug: docs/*
  target: https://example.com/docs/:splat
  routes:
    - when: { country: FR }
      target: https://example.com/fr/:splat
    - when: { country: DE }
      target: https://:splat.example.com/
`);
    expect(diagnostics.map((d) => [d.code, d.line])).toEqual([["SL211", 8]]);
  });

  it("an allowance a route target needs is used, not unused (no SL292)", () => {
    const { diagnostics } = validate(`
- slug: wiki
  target: https://example.com/wiki
  allow: { rules: [SL206], reason: the intranet wiki }
  routes:
    - when: { ip: 10.0.0.0/8 }
      target: http://wiki.corp/
`);
    expect(diagnostics.map((d) => d.code)).toEqual(["SL290"]);
  });
});

describe("SL372: a link whose answer changes may not be permanent", () => {
  it.each([
    [301, true],
    [308, true],
    [302, false],
    [307, false],
  ] as const)("status %s: refused %s", (status, refused) => {
    const [link] = rows(`
- slug: app
  target: https://example.com/
  routes:
    - when: { country: FR }
      target: https://example.com/fr
`);
    const codes = checkRoutes(link, "exact", status, TEST_POLICY).diagnostics.map((d) => d.code);
    expect(codes).toEqual(refused ? ["SL372"] : []);
  });
});

describe("route problems name their own line", () => {
  it.each([
    ["an unknown condition", "when: { contry: FR }", "SL361", 5],
    ["an unknown route key", "when: { country: FR }\n      weight: 3", "SL361", 6],
    ["a condition at the route's level", "country: FR", "SL361", 5],
    ["an empty when", "when: {}", "SL360", 5],
    ["an unknown country", "when: { country: FX }", "SL362", 5],
    ["an unknown device", "when:\n        device: phone", "SL363", 6],
    ["an unknown zone", "when: { time: { tz: Europe/Pariss } }", "SL364", 5],
    ["a malformed time", 'when: { time: { from: "9", to: "17:00", tz: UTC } }', "SL365", 5],
    ["from equals to", 'when: { time: { from: "09:00", to: "09:00", tz: UTC } }', "SL366", 5],
    [
      "after not before before",
      'when: { after: "2027-01-02T00:00:00Z", before: "2027-01-01T00:00:00Z" }',
      "SL367",
      5,
    ],
    ["a malformed ip", "when:\n        ip: 192.0.2.0/40", "SL373", 6],
  ])("%s: `%s` gives %s at line %s", (_name, route, code, line) => {
    const { diagnostics } = validate(`
- slug: app
  target: https://example.com/
  routes:
    - ${route}
      target: https://example.com/x
`);
    expect(diagnostics.map((d) => [d.code, d.line])).toContainEqual([code, line]);
  });

  it("SL374: more routes than the limit", () => {
    const many = Array.from(
      { length: 33 },
      (_, i) => `    - when: { asn: ${i + 1} }\n      target: https://example.com/${i}`,
    ).join("\n");
    const { diagnostics } = validate(
      `- slug: app\n  target: https://example.com/\n  routes:\n${many}\n`,
    );
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["SL374", 'link "app": routes: 33 routes; at most 32'],
    ]);
  });
});
