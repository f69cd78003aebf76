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

  it("time=DAYS HH:MM-HH:MM ZONE is a weekly window, as vanityURLs' lnk schedule add gives one", () => {
    expect(
      routesOf(
        [
          "time=mon-fri 09:00-17:00 Europe/Paris",
          "time=mon,wed 22:00-02:00 America/Toronto; device=ios",
        ],
        ["https://a/", "https://b/"],
      ),
    ).toEqual({
      routes: [
        {
          when: { time: { days: "mon-fri", from: "09:00", to: "17:00", tz: "Europe/Paris" } },
          target: "https://a/",
        },
        {
          when: {
            time: { days: ["mon", "wed"], from: "22:00", to: "02:00", tz: "America/Toronto" },
            device: "ios",
          },
          target: "https://b/",
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
    [
      "a time= that is no window",
      ["time=weekdays 9-5"],
      ["https://a/"],
      /time= expects DAYS HH:MM-HH:MM ZONE/,
    ],
  ])("%s is a usage error", (_name, whens, targets, message) => {
    expect(routesOf(whens, targets)).toEqual({ problem: expect.stringMatching(message) });
  });
});
