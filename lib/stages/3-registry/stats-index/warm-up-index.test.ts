// The runtime's start-up warm-up holds a three-link stats index written by hand: it must be what
// this compiler writes for those links, or the warm-up would exercise another format.
import { describe, expect, it } from "vitest";
import { WARM_UP_INDEX, WARM_UP_PAGE } from "../../../../runtime/stats/warm-up.js";
import { linkRecord } from "../../../../test/support/stats-files.js";
import { buildStatsIndex, statsPagesOf } from "./build-stats-index.js";

describe("the runtime's warm-up index", () => {
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
    expect(statsPagesOf(built)).toEqual([WARM_UP_PAGE]);
  });
});
