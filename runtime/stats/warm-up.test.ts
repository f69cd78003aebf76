import { describe, expect, it } from "vitest";
import { buildStatsIndex } from "../../lib/stats-index/build-stats-index.js";
import { linkRecord } from "../../test/support/stats-files.js";
import { WARM_UP_INDEX, WARM_UP_PAGE, warmUpStats } from "./warm-up.js";

describe("stats warm-up", () => {
  it("its index is exactly what the compiler writes for its three links", () => {
    const schedule = {
      label: "warm-up",
      start: "2000-01-01T00:00:00Z",
      end: "2100-01-01T00:00:00Z",
    };
    const built = buildStatsIndex(
      [
        linkRecord({
          slug: "warm-up",
          file: "warm-up.yaml",
          line: 1,
          owner: "ops",
          tags: ["a"],
          schedule,
        }),
        linkRecord({
          slug: "warm-up/*",
          file: "warm-up.yaml",
          line: 2,
          target: "https://example.com/warm-up",
        }),
        linkRecord({ slug: "warm-up-paused", file: "warm-up.yaml", line: 3, state: "paused" }),
      ],
      false,
    );
    expect(built.index).toEqual(WARM_UP_INDEX);
    expect(built.pages).toEqual([WARM_UP_PAGE]);
  });

  it("runs every kind of call, and the next slices, reading no file", async () => {
    // Eight calls, two of which have a next slice; a read would reject and the warm-up give 0.
    expect(await warmUpStats()).toBe(10);
  });
});
