import { describe, expect, it } from "vitest";
import type { TimeWindow } from "../contract/index.js";
import { compileWindow, describeLocal, inWindow, knownZone, localTime } from "./time-window.js";

const wall = (tz: string, instant: string) => {
  const local = localTime(tz, Date.parse(instant));
  return local && describeLocal(local);
};

describe("time: the wall clock of a zone, across its daylight-saving changes", () => {
  it.each([
    // Europe/Paris: +01:00, +02:00 from 2026-03-29 01:00Z to 2026-10-25 01:00Z.
    ["Europe/Paris", "2026-03-29T00:59:00Z", "sun 01:59"],
    ["Europe/Paris", "2026-03-29T01:00:00Z", "sun 03:00"],
    ["Europe/Paris", "2026-10-25T00:59:00Z", "sun 02:59"],
    ["Europe/Paris", "2026-10-25T01:00:00Z", "sun 02:00"],
    // America/New_York: -05:00, -04:00 from 2026-03-08 07:00Z to 2026-11-01 06:00Z.
    ["America/New_York", "2026-03-08T06:59:00Z", "sun 01:59"],
    ["America/New_York", "2026-03-08T07:00:00Z", "sun 03:00"],
    ["America/New_York", "2026-11-01T05:59:00Z", "sun 01:59"],
    ["America/New_York", "2026-11-01T06:00:00Z", "sun 01:00"],
    // Australia/Lord_Howe moves by half an hour: +11:00 until 2026-04-04 15:00Z, +10:30 until
    // 2026-10-03 15:30Z.
    ["Australia/Lord_Howe", "2026-04-04T14:59:00Z", "sun 01:59"],
    ["Australia/Lord_Howe", "2026-04-04T15:00:00Z", "sun 01:30"],
    ["Australia/Lord_Howe", "2026-10-03T15:29:00Z", "sun 01:59"],
    ["Australia/Lord_Howe", "2026-10-03T15:30:00Z", "sun 02:30"],
    // A zone without daylight saving, and minutes of a day before the epoch.
    ["Asia/Tokyo", "2026-06-10T15:30:00Z", "thu 00:30"],
    ["UTC", "1969-12-31T23:59:00Z", "wed 23:59"],
  ])("%s at %s is %s", (tz, instant, local) => {
    expect(wall(tz, instant)).toBe(local);
  });

  it("an unknown zone has no wall clock", () => {
    expect(localTime("Mars/Olympus_Mons", Date.now())).toBeUndefined();
  });

  it.each(["+01:00", "-05:00", "\u221205:00"])(
    "an offset zone (%s) is no IANA zone on any engine, though newer Intl accepts it",
    (tz) => {
      expect(knownZone(tz)).toBe(false);
      expect(localTime(tz, Date.parse("2026-06-01T12:00:00Z"))).toBeUndefined();
    },
  );

  it("one formatting per zone and minute: the next minute is read again, not assumed", () => {
    expect(wall("Europe/Paris", "2026-03-29T00:59:30Z")).toBe("sun 01:59");
    expect(wall("Europe/Paris", "2026-03-29T01:00:30Z")).toBe("sun 03:00");
  });
});

const window = (w: Partial<TimeWindow>) =>
  compileWindow({
    days: ["mon", "tue", "wed", "thu", "fri"],
    from: "09:00",
    to: "17:00",
    tz: "UTC",
    ...w,
  });

describe("time: a window holds from `from` (inclusive) to `to` (exclusive) on its days", () => {
  it.each([
    ["wed 09:00 is inside", window({}), { day: 3, minute: 540 }, true],
    ["wed 16:59 is inside", window({}), { day: 3, minute: 1019 }, true],
    ["wed 17:00 is outside", window({}), { day: 3, minute: 1020 }, false],
    ["sat 10:00 is outside", window({}), { day: 6, minute: 600 }, false],
    ["to 24:00 holds until midnight", window({ to: "24:00" }), { day: 1, minute: 1439 }, true],
    [
      "past midnight: the evening of a named day",
      window({ days: ["fri"], from: "22:00", to: "02:00" }),
      { day: 5, minute: 1380 },
      true,
    ],
    [
      "past midnight: the early hours after it",
      window({ days: ["fri"], from: "22:00", to: "02:00" }),
      { day: 6, minute: 60 },
      true,
    ],
    [
      "past midnight: not the early hours of the named day",
      window({ days: ["fri"], from: "22:00", to: "02:00" }),
      { day: 5, minute: 60 },
      false,
    ],
    [
      "past midnight from sunday wraps to monday",
      window({ days: ["sun"], from: "23:00", to: "01:00" }),
      { day: 1, minute: 30 },
      true,
    ],
  ])("%s", (_name, compiled, local, inside) => {
    expect(inWindow(compiled, local)).toBe(inside);
  });

  it("a window edge in the spring gap is passed at the jump (Europe/Paris 02:30 starts at 03:00)", () => {
    const night = window({ days: ["sun"], from: "02:30", to: "05:00", tz: "Europe/Paris" });
    const at = (instant: string) =>
      inWindow(night, localTime("Europe/Paris", Date.parse(instant))!);
    expect(at("2026-03-29T00:59:00Z")).toBe(false); // 01:59 CET
    expect(at("2026-03-29T01:00:00Z")).toBe(true); // 03:00 CEST, the first minute after the jump
  });

  it("the repeated autumn hour is inside the window both times (Europe/Paris 02:00-03:00)", () => {
    const hour = window({ days: ["sun"], from: "02:00", to: "03:00", tz: "Europe/Paris" });
    const at = (instant: string) => inWindow(hour, localTime("Europe/Paris", Date.parse(instant))!);
    expect(at("2026-10-25T00:30:00Z")).toBe(true); // 02:30 CEST
    expect(at("2026-10-25T01:30:00Z")).toBe(true); // 02:30 CET
    expect(at("2026-10-25T02:00:00Z")).toBe(false); // 03:00 CET
  });
});
