/** `add --route WHEN --route-target URL`: the route a pair of options makes. */
import { describe, expect, it } from "vitest";
import { routesOf } from "./route-option.js";

describe("add --route", () => {
  it("key=value pairs separated by ';', lists by ',', values read as YAML reads them", () => {
    expect(
      routesOf(
        ["device=ios", "country=FR,BE; language=fr", "asn=13335;bot=false", "query.ref=mail"],
        ["https://a/", "https://b/", "https://c/", "https://d/"],
      ),
    ).toEqual({
      routes: [
        { when: { device: "ios" }, target: "https://a/" },
        { when: { country: ["FR", "BE"], language: "fr" }, target: "https://b/" },
        { when: { asn: 13335, bot: false }, target: "https://c/" },
        { when: { query: { ref: "mail" } }, target: "https://d/" },
      ],
    });
  });

  it("a YAML flow mapping is taken as the when, for conditions the pairs cannot say", () => {
    const when = '{time: {days: mon-fri, from: "09:00", to: "17:00", tz: Europe/Paris}}';
    expect(routesOf([when], ["https://a/"])).toEqual({
      routes: [
        {
          when: { time: { days: "mon-fri", from: "09:00", to: "17:00", tz: "Europe/Paris" } },
          target: "https://a/",
        },
      ],
    });
  });

  it.each([
    ["a --route without its --route-target", ["device=ios"], [], /one --route-target per --route/],
    ["a --route-target without a --route", [], ["https://a/"], /one --route-target per --route/],
    ["a pair without =", ["ios"], ["https://a/"], /"ios" is not key=value/],
    ["an empty --route", [" "], ["https://a/"], /is empty/],
    ["a flow mapping that does not parse", ["{device: [ios"], ["https://a/"], /cannot read/],
  ])("%s is a usage error", (_name, whens, targets, message) => {
    expect(routesOf(whens, targets)).toEqual({ problem: expect.stringMatching(message) });
  });
});
