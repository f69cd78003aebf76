import { describe, expect, it } from "vitest";
import { canonicalZone, gapAt, gapsOf } from "./zones.js";

const FROM = Date.parse("2026-01-01T00:00:00Z");

describe("time zones of time windows", () => {
  it.each([
    ["Europe/Paris", "Europe/Paris"],
    ["europe/paris", "Europe/Paris"],
    ["UTC", "UTC"],
    ["Europe/Paree", undefined],
    ["+01:00", undefined],
  ])("%s is %s", (tz, canonical) => {
    expect(canonicalZone(tz)).toBe(canonical);
  });

  it.each([
    ["Europe/Paris", [{ day: "sun", start: 120, length: 60 }]],
    ["America/New_York", [{ day: "sun", start: 120, length: 60 }]],
    ["Australia/Lord_Howe", [{ day: "sun", start: 120, length: 30 }]],
    ["Asia/Tokyo", []],
  ])("the daylight-saving gaps of %s in 2026", (tz, gaps) => {
    expect(gapsOf(tz, FROM)).toEqual(gaps);
  });

  it.each([
    ["02:30 on a Sunday in Paris is skipped", "Europe/Paris", "sun", 150, true],
    ["02:00, the jump itself, is not moved", "Europe/Paris", "sun", 120, false],
    ["03:00 exists", "Europe/Paris", "sun", 180, false],
    ["02:30 on a Monday exists", "Europe/Paris", "mon", 150, false],
    ["02:15 in Lord Howe is skipped", "Australia/Lord_Howe", "sun", 135, true],
    ["02:30 in Lord Howe exists", "Australia/Lord_Howe", "sun", 150, false],
  ] as const)("%s", (_name, tz, day, minute, skipped) => {
    expect(gapAt(gapsOf(tz, FROM), day, minute) !== undefined).toBe(skipped);
  });
});
