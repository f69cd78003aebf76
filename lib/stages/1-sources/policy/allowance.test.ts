import { describe, expect, it } from "vitest";
import { TEST_POLICY } from "../../../../test/support/policy.js";
import { checkRow } from "../links/load-sources.js";
import { readYamlRows, readYamlRowsFull } from "../links/read-yaml.js";
import { checkLinkTarget } from "../../2-validate/link-targets.js";
import { allowanceProblems, unusedAllowances } from "./allowance.js";

const reason = "intranet wiki";

describe("per-link allowances", () => {
  it.each([
    [["SL206", "SL207", "6", "7", "sl207"], []],
    [["SL208"], ["SL208 cannot be bypassed; only SL206 and SL207 can"]],
    [["private"], ['"private" names no target rule (write SL206 and SL207)']],
    [
      ["SL299", "4"],
      [
        '"SL299" names no target rule (write SL206 and SL207)',
        "SL204 cannot be bypassed; only SL206 and SL207 can",
      ],
    ],
  ])("SL291: allowance rules %j give %j", (rules, problems) => {
    expect(allowanceProblems({ rules, reason })).toEqual(problems);
  });

  it.each([
    [["SL206", "SL207"], ["SL207"], ["SL206"]],
    [["SL207"], ["SL207"], []],
    [["7"], [], ["SL207"]],
    [["SL208"], [], []],
  ])("SL292: allowance %j with %j used leaves %j unused", (rules, used, unused) => {
    expect(unusedAllowances({ rules, reason }, used)).toEqual(unused);
  });
});

describe("allowance rule names as an editor writes them", () => {
  const yaml = (rules: string) =>
    `- slug: wiki\n  target: http://10.1.2.3/\n  allow: {rules: ${rules}, reason: office wiki}\n`;

  it.each([
    ["numbers", "[7]"],
    ["codes", "[SL207]"],
    ["quoted numbers", '["7"]'],
    ["numbers and codes mixed", "[7, SL206]"],
  ])("rule 7 opens for an allowance written with %s (%s), by both YAML readers", (_form, rules) => {
    for (const read of [readYamlRows, readYamlRowsFull]) {
      const { rows } = read(yaml(rules), "custom/links/links.yaml");
      const checked = checkRow(rows[0]);
      expect("link" in checked ? [] : checked.diagnostics.map((d) => d.message)).toEqual([]);
      if (!("link" in checked)) continue;
      const result = checkLinkTarget(checked.link, "exact", TEST_POLICY);
      expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      expect(result.diagnostics.map((d) => d.code)).toContain("SL290");
    }
  });

  it.each([["[true]"], ["[7.5]"], ["[-7]"], ["[[7]]"]])(
    "SL105 or SL291: allowance rules %s are refused, never silently opened",
    (rules) => {
      const { rows } = readYamlRowsFull(yaml(rules), "custom/links/links.yaml");
      const checked = checkRow(rows[0]);
      const codes =
        "link" in checked
          ? checkLinkTarget(checked.link, "exact", TEST_POLICY).diagnostics.map((d) => d.code)
          : checked.diagnostics.map((d) => d.code);
      expect(codes.some((c) => c === "SL105" || c === "SL291")).toBe(true);
      expect(codes).not.toContain("SL290");
    },
  );
});
