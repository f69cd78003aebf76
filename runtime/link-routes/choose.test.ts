import { describe, expect, it } from "vitest";
import type { LinkRoute, RouteWhen } from "../contract/index.js";
import { chooseRoute } from "./choose.js";
import { Facts, type VisitorFacts } from "./facts.js";

const link = (...whens: RouteWhen[]) => ({
  target: "https://example.com/default",
  routes: whens.map((when, i): LinkRoute => ({
    when,
    target: `https://example.com/${i + 1}`,
    line: i + 2,
  })),
});
const facts = (
  input: VisitorFacts = {},
  url = "https://x.example/a",
  now = "2026-06-10T12:00:00Z",
) => new Facts(input, new URL(url), new Date(now));
const FR = { edge: { country: "FR", continent: "EU" } };

describe("routes: the first route that holds answers, the link's target when none does", () => {
  it("first match wins", () => {
    const choice = chooseRoute(link({ country: ["FR"] }, { continent: ["EU"] }), facts(FR));
    expect([choice.index, choice.target]).toEqual([0, "https://example.com/1"]);
    expect(choice.steps).toHaveLength(1);
  });

  it("a later route answers when the first fails, and the steps say why", () => {
    const choice = chooseRoute(link({ country: ["DE"] }, { continent: ["EU"] }), facts(FR));
    expect(choice.index).toBe(1);
    expect(choice.steps.map((s) => [s.truth, s.decided.map((d) => d.key)])).toEqual([
      [false, ["country"]],
      [true, ["continent"]],
    ]);
  });

  it("default: no route holds", () => {
    const choice = chooseRoute(link({ country: ["DE"] }), facts(FR));
    expect([choice.index, choice.route, choice.target]).toEqual([
      null,
      null,
      "https://example.com/default",
    ]);
  });
});

describe("routes: keys AND, lists OR, not negates, a missing fact never matches", () => {
  const holds = (when: RouteWhen, input: VisitorFacts, url?: string, now?: string) =>
    chooseRoute(link(when), facts(input, url, now)).steps[0].truth;

  it.each([
    ["AND: every key holds", { country: ["FR"], continent: ["EU"] }, FR, true],
    ["AND: one key fails", { country: ["FR"], continent: ["NA"] }, FR, false],
    ["OR: one value of the list", { country: ["BE", "FR"] }, FR, true],
    ["not: negates what holds", { not: { country: ["FR"] } }, FR, false],
    ["not: negates what fails", { not: { country: ["US"] } }, FR, true],
    ["missing: a condition on a missing fact is unknown", { country: ["FR"] }, {}, undefined],
    ["missing: not keeps unknown", { not: { country: ["US"] } }, {}, undefined],
    ["missing: false wins over unknown in AND", { country: ["FR"], query: { a: true } }, {}, false],
    [
      "missing: not of (unknown AND false) is true",
      { not: { country: ["FR"], query: { a: true } } },
      {},
      true,
    ],
    ["region", { region: ["US-TX"] }, { edge: { region: "US-TX" } }, true],
    ["asn", { asn: [13335] }, { edge: { asn: 13335 } }, true],
    ["ip: missing", { ip: ["192.0.2.0/24"] }, {}, undefined],
    ["ip: not an address is missing", { ip: ["192.0.2.0/24"] }, { ip: "unknown" }, undefined],
    ["ip: inside", { ip: ["192.0.2.0/24"] }, { ip: "192.0.2.1" }, true],
    [
      "language: a header no value serves is false, not unknown",
      { language: ["fr"] },
      { acceptLanguage: "de" },
      false,
    ],
    ["language: no header is unknown", { language: ["fr"] }, {}, undefined],
    ["os: a User-Agent without one is false", { os: ["windows"] }, { userAgent: "curl/8" }, false],
    [
      "bot: false holds for a browser",
      { bot: [false] },
      { userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/125.0" },
      true,
    ],
    [
      "time: tz visitor without a zone is unknown",
      { time: [{ days: ["wed"], from: "00:00", to: "24:00", tz: "visitor" }] },
      {},
      undefined,
    ],
    [
      "time: tz visitor with one",
      { time: [{ days: ["wed"], from: "00:00", to: "24:00", tz: "visitor" }] },
      { edge: { timezone: "Asia/Tokyo" } },
      true,
    ],
    [
      "time: one window of a list holds",
      {
        time: [
          { days: ["mon"], from: "00:00", to: "24:00", tz: "UTC" },
          { days: ["wed"], from: "11:00", to: "13:00", tz: "UTC" },
        ],
      },
      {},
      true,
    ],
  ] as [string, RouteWhen, VisitorFacts, boolean | undefined][])(
    "%s",
    (_name, when, input, truth) => {
      expect(holds(when, input)).toBe(truth);
    },
  );

  it.each([
    ["a listed value", { ref: ["newsletter"] }, "?ref=newsletter", true],
    ["values compare decoded, + as a space", { q: ["a b"] }, "?q=a+b", true],
    ["a repeated parameter holds if any value does", { ref: ["mail"] }, "?ref=x&ref=mail", true],
    ["true: present with any value", { debug: true }, "?debug", true],
    ["true: absent fails", { debug: true }, "?x=1", false],
    ["false: absent holds", { debug: false }, "", true],
    ["every parameter named must hold", { a: true, b: false }, "?a&b", false],
  ] as [string, Record<string, string[] | boolean>, string, boolean][])(
    "query: %s",
    (_name, query, search, truth) => {
      expect(holds({ query }, {}, `https://x.example/a${search}`)).toBe(truth);
    },
  );

  it.each([
    [
      "after: the moment itself holds",
      { after: "2027-03-01T00:00:00Z" },
      "2027-03-01T00:00:00Z",
      true,
    ],
    [
      "after: its offset is honoured (the same moment in UTC holds)",
      { after: "2027-03-01T00:00:00+01:00" },
      "2027-02-28T23:00:00Z",
      true,
    ],
    [
      "before: the moment itself fails",
      { before: "2027-03-08T00:00:00Z" },
      "2027-03-08T00:00:00Z",
      false,
    ],
  ] as [string, RouteWhen, string, boolean][])("%s", (_name, when, now, truth) => {
    expect(holds(when, {}, undefined, now)).toBe(truth);
  });
});

describe("routes: split", () => {
  const split: LinkRoute = {
    split: [
      { id: "a", weight: 3, target: "https://a.example/" },
      { weight: 1, target: "https://b.example/" },
    ],
    line: 3,
  };

  it.each([
    [0.74, 0, "https://a.example/"],
    [0.75, 1, "https://b.example/"],
  ])("draw %s picks variant %s", (draw, index, target) => {
    const choice = chooseRoute(
      { target: "https://d.example/", routes: [split] },
      facts({ draw: () => draw }),
    );
    expect(choice.variant).toEqual({ index, draw });
    expect(choice.target).toBe(target);
  });

  it("the draw is asked only when a split is reached", () => {
    let asked = 0;
    const draw = () => (asked++, 0.5);
    chooseRoute(link({ country: ["FR"] }), facts({ ...FR, draw }));
    expect(asked).toBe(0);
  });

  it("a split with a when that fails is passed like any route", () => {
    const guarded = { ...split, when: { country: ["DE"] } };
    const choice = chooseRoute({ target: "https://d.example/", routes: [guarded] }, facts(FR));
    expect([choice.index, choice.target]).toEqual([null, "https://d.example/"]);
  });
});
