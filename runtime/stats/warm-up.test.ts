import { describe, expect, it } from "vitest";
import { warmUpStats } from "./warm-up.js";

describe("stats warm-up", () => {
  it("runs every kind of call, and the next slices, reading no file", async () => {
    // Eight calls, two of which have a next slice; a read would reject and the warm-up give 0.
    expect(await warmUpStats()).toBe(10);
  });
});
