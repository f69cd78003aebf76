import { describe, expect, it } from "vitest";
import type { LinkRoute, RouteWhen } from "../../../../runtime/contract/index.js";
import { implies, unreachableRoutes } from "./reachability.js";

const window = (days: string[], from: string, to: string, tz = "UTC") =>
  ({ days, from, to, tz }) as NonNullable<RouteWhen["time"]>[number];

describe("SL368: a later route that repeats or narrows an earlier one is never reached", () => {
  it.each([
    ["the same condition", { country: ["FR"] }, { country: ["FR"] }, true],
    ["fewer values", { country: ["FR"] }, { country: ["FR", "BE"] }, true],
    ["more values", { country: ["FR", "DE"] }, { country: ["FR", "BE"] }, false],
    ["an extra condition narrows", { country: ["FR"], device: ["ios"] }, { country: ["FR"] }, true],
    [
      "a missing condition widens",
      { country: ["FR"] },
      { country: ["FR"], device: ["ios"] },
      false,
    ],
    ["a region lies in its country", { region: ["US-TX"] }, { country: ["US"] }, true],
    ["a region of another country", { region: ["MX-TX"] }, { country: ["US"] }, false],
    ["a block inside a block", { ip: ["192.0.2.0/25"] }, { ip: ["192.0.2.0/24"] }, true],
    ["a block around a block", { ip: ["192.0.0.0/16"] }, { ip: ["192.0.2.0/24"] }, false],
    ["a tag the earlier value covers", { language: ["fr-ch"] }, { language: ["fr"] }, true],
    ["a tag it does not cover", { language: ["fr"] }, { language: ["fr-ch"] }, false],
    ["query: values narrow present", { query: { ref: ["a"] } }, { query: { ref: true } }, true],
    [
      "query: absent does not narrow present",
      { query: { ref: false } },
      { query: { ref: true } },
      false,
    ],
    ["query: fewer values", { query: { ref: ["a"] } }, { query: { ref: ["a", "b"] } }, true],
    [
      "time: fewer days, a span inside",
      { time: [window(["mon"], "10:00", "11:00")] },
      { time: [window(["mon", "tue"], "09:00", "17:00")] },
      true,
    ],
    [
      "time: another zone",
      { time: [window(["mon"], "10:00", "11:00", "Europe/Paris")] },
      { time: [window(["mon"], "09:00", "17:00")] },
      false,
    ],
    [
      "time: past midnight, only when equal",
      { time: [window(["fri"], "23:00", "01:00")] },
      { time: [window(["fri"], "22:00", "02:00")] },
      false,
    ],
    [
      "after: a later start",
      { after: "2027-02-01T00:00:00Z" },
      { after: "2027-01-01T00:00:00Z" },
      true,
    ],
    [
      "before: a later end widens",
      { before: "2027-02-01T00:00:00Z" },
      { before: "2027-01-01T00:00:00Z" },
      false,
    ],
    ["not: only when equal", { not: { country: ["US"] } }, { not: { country: ["US"] } }, true],
    [
      "not: a narrower not is not followed",
      { not: { country: ["US", "CA"] } },
      { not: { country: ["US"] } },
      false,
    ],
  ] as [string, RouteWhen, RouteWhen, boolean][])("%s", (_name, later, earlier, never) => {
    expect(implies(later, earlier)).toBe(never);
  });

  it("every route after a split without conditions", () => {
    const routes: LinkRoute[] = [
      { when: { country: ["FR"] }, target: "https://a/", line: 1 },
      {
        split: [
          { weight: 1, target: "https://b/" },
          { weight: 1, target: "https://c/" },
        ],
        line: 2,
      },
      { when: { country: ["DE"] }, target: "https://d/", line: 3 },
      { when: { country: ["BE"] }, target: "https://e/", line: 4 },
    ];
    expect(unreachableRoutes(routes)).toEqual([
      { route: 2, by: 1, why: "unconditional" },
      { route: 3, by: 1, why: "unconditional" },
    ]);
  });
});
