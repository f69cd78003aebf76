import { describe, expect, it } from "vitest";
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
