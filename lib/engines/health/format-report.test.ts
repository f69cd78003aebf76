import { describe, expect, it } from "vitest";
import { CONTROLS, escapeOf, hexOf, RAW_CONTROL } from "../../../test/support/hostile-text.js";
import { formatReport, summaryLine } from "./format-report.js";
import { reportFails, sortResults, type HealthResult } from "./types.js";

function result(
  slug: string,
  cls: HealthResult["class"],
  extra: Partial<HealthResult> = {},
): HealthResult {
  return {
    slug,
    target: `https://example.com/${slug}`,
    class: cls,
    status: 200,
    chain: [],
    final_url: `https://example.com/${slug}`,
    problem: null,
    ms: 12,
    ...extra,
  };
}

const RESULTS = sortResults([
  result("fine", "ok"),
  result("late", "slow", { problem: "took 4000 ms (slow above 3000 ms)", ms: 4000 }),
  result("away", "moved", { problem: "ends at https://example.org/new", status: 200 }),
  result("dead", "broken", { status: 404, problem: "HTTP 404" }),
  result("evil", "unsafe-final", {
    status: null,
    problem: "hop 2 fails the target rules: rule 8 (...)",
  }),
  result("also-dead", "broken", { status: null, problem: "connection refused: ..." }),
]);

describe("the health report", () => {
  it("a route's target is named beside its link's slug: the route, and the split variant", () => {
    const lines = formatReport({
      checked: 3,
      results: [
        result("app", "ok"),
        result("app", "broken", { route: "apple", status: 404, problem: "HTTP 404" }),
        result("app", "ok", { route: "2", variant: "old" }),
      ],
    });
    expect(lines.slice(1, 4).map((l) => l.split(/\s{2,}/).slice(0, 2))).toEqual([
      ["ok", "app"],
      ["broken", "app [route apple]"],
      ["ok", "app [route 2, variant old]"],
    ]);
  });

  it("is sorted by severity, then slug, numbers as numbers", () => {
    const numbered = sortResults([
      result("link-10", "ok"),
      result("link-9", "ok"),
      result("link-2", "ok"),
    ]);
    expect(numbered.map((r) => r.slug)).toEqual(["link-2", "link-9", "link-10"]);
    expect(RESULTS.map((r) => `${r.class} ${r.slug}`)).toEqual([
      "unsafe-final evil",
      "broken also-dead",
      "broken dead",
      "moved away",
      "slow late",
      "ok fine",
    ]);
  });

  it("prints an aligned table with the problem, or where a moved link ends, and a summary", () => {
    const lines = formatReport({ checked: RESULTS.length, results: RESULTS });
    expect(lines[0]).toBe("CLASS         SLUG       STATUS  MS    DETAIL");
    expect(lines[1]).toBe(
      "unsafe-final  evil       -       12    hop 2 fails the target rules: rule 8 (...)",
    );
    expect(lines[4]).toBe("moved         away       200     12    ends at https://example.org/new");
    expect(lines[6]).toBe("ok            fine       200     12    https://example.com/fine");
    expect(lines.at(-1)).toBe("checked 6 links: 1 unsafe-final, 2 broken, 1 moved, 1 slow, 1 ok");
  });

  it("colours the class only when asked", () => {
    const plain = formatReport({ checked: 1, results: [result("dead", "broken")] }).join("\n");
    expect(plain).not.toContain("\x1b[");
    const coloured = formatReport(
      { checked: 1, results: [result("dead", "broken")] },
      { color: true },
    );
    expect(coloured[1]).toMatch(/^\x1b\[31mbroken/);
  });

  it.each([
    [["ok", "moved", "slow", "unchecked"], false, false],
    [["ok", "broken"], false, true],
    [["ok", "unsafe-final"], false, true],
    [["ok", "unchecked"], true, true],
  ] as const)("exit 1 for %j (deadline passed: %s): %s", (classes, deadline, fails) => {
    const results = classes.map((c, i) => result(`s${i}`, c));
    expect(reportFails({ checked: results.length, results }, deadline)).toBe(fails);
  });

  it("the summary of an empty run", () => {
    expect(summaryLine({ checked: 0, results: [] })).toBe("checked 0 links");
  });

  it.each(CONTROLS.map((c) => [hexOf(c), c]))(
    "U+%s in what a server answered is shown escaped, never raw",
    (_hex, c) => {
      const lines = formatReport({
        checked: 2,
        results: [
          result("moved", "moved", { problem: `ends at https://x.example/${c}[2J` }),
          result("fine", "ok", { final_url: `https://x.example/${c}` }),
        ],
      });
      for (const line of lines) expect(line).not.toMatch(RAW_CONTROL);
      expect(lines.join("\n")).toContain(`https://x.example/${escapeOf(c)}`);
    },
  );
});
