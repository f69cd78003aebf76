// Shlink's redirect rules as routes: each condition type, AND within a rule, priority order.
import { describe, expect, it } from "vitest";
import { ipv4Block } from "./ip-pattern.js";
import { shlinkRuleRoutes } from "./shlink-rules.js";

const context = { file: "s.json", link: 'short URL "x"', lineOf: (i: number) => 10 + i };
const rule = (priority: number, ...conditions: [string, string | null, string?][]) => ({
  longUrl: `https://example.com/${priority}`,
  priority,
  conditions: conditions.map(([type, matchValue, matchKey]) => ({
    type,
    matchValue,
    matchKey: matchKey ?? null,
  })),
});

describe("Shlink redirect rules -> routes", () => {
  it("priority order is route order, whatever the list's order", () => {
    const { routes } = shlinkRuleRoutes(
      [rule(2, ["device", "android"]), rule(1, ["device", "mobile"])],
      context,
    );
    expect(routes).toEqual([
      { when: { device: ["ios", "ipados", "android"] }, target: "https://example.com/1" },
      { when: { device: ["android"] }, target: "https://example.com/2" },
    ]);
  });

  it("the conditions of a rule are one when; query conditions on two parameters merge", () => {
    const { routes } = shlinkRuleRoutes(
      [
        rule(
          1,
          ["query-param", "a", "x"],
          ["any-value-query-param", null, "y"],
          ["device", "macos"],
        ),
      ],
      context,
    );
    expect(routes[0].when).toEqual({ query: { x: ["a"], y: true }, os: ["macos"] });
  });

  it("two conditions of one kind that must both hold leave the rule out (SL376), at its line", () => {
    const { routes, diagnostics } = shlinkRuleRoutes(
      [rule(1, ["device", "ios"], ["device", "android"])],
      context,
    );
    expect(routes).toEqual([]);
    expect(diagnostics.map((d) => [d.code, d.line])).toEqual([["SL376", 10]]);
    expect(diagnostics[0].message).toContain("two device conditions must both hold");
  });

  it("an unknown type, a device Shlink does not have and a rule without conditions are named", () => {
    const { diagnostics } = shlinkRuleRoutes(
      [
        rule(1, ["weather", "rain"]),
        rule(2, ["device", "tv"]),
        rule(3),
        { longUrl: "https://example.com/4", priority: 4, conditions: ["device"] },
      ],
      context,
    );
    expect(diagnostics.map((d) => d.code)).toEqual(["SL376", "SL376", "SL377", "SL377"]);
  });

  it("dates become after and before with an offset", () => {
    const { routes } = shlinkRuleRoutes(
      [rule(1, ["before-date", "2026-01-01T10:00:00+02:00"], ["after-date", "2025-01-01 00:00"])],
      context,
    );
    expect(routes[0].when).toEqual({
      before: "2026-01-01T08:00:00Z",
      after: "2025-01-01T00:00:00Z",
    });
  });
});

describe("Shlink IP conditions -> ip blocks", () => {
  it.each([
    ["1.2.3.4", "1.2.3.4"],
    ["1.2.3.*", "1.2.3.0/24"],
    ["*.*.*.*", "0.0.0.0/0"],
    ["192.168.10.77/24", "192.168.10.0/24"],
    ["2001:db8::/32", "2001:db8::/32"],
  ])("%s is %s", (value, block) => {
    expect(ipv4Block(value)).toEqual({ ip: [block] });
  });

  it("a wildcard before a number is no block", () => {
    expect(ipv4Block("1.*.3.4")).toBeUndefined();
  });
});
