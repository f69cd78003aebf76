import { describe, expect, it } from "vitest";
import { progressBar, progressLine } from "./progress.js";

describe("the progress bar", () => {
  it("draws a bar of the share done", () => {
    expect(progressLine(0, 4, 8)).toBe("[........] 0/4 targets");
    expect(progressLine(1, 4, 8)).toBe("[##......] 1/4 targets");
    expect(progressLine(4, 4, 8)).toBe("[########] 4/4 targets");
    expect(progressLine(0, 0, 8)).toBe("[########] 0/0 targets");
  });

  it("writes nothing at all when stderr is not a terminal", () => {
    const written: string[] = [];
    expect(progressBar({ isTTY: false, write: (t: string) => written.push(t) })).toBeUndefined();
    expect(progressBar({ write: (t: string) => written.push(t) })).toBeUndefined();
    expect(written).toEqual([]);
  });

  it("on a terminal, redraws in place and clears the line at the end", () => {
    const written: string[] = [];
    const bar = progressBar({ isTTY: true, write: (t: string) => written.push(t) });
    bar?.update(1, 2);
    bar?.update(2, 2);
    bar?.clear();
    expect(written).toEqual([`\r${progressLine(1, 2)}`, `\r${progressLine(2, 2)}`, "\r\x1b[2K"]);
  });
});
