import { describe, expect, it } from "vitest";
import { LINKS_PER_SHARD, MAX_SHARDS } from "../../runtime/contract/index.js";
import { shardCountFor } from "./build-registry.js";

describe("registry shard count", () => {
  it.each([
    [0, 1],
    [1, 1],
    [LINKS_PER_SHARD, 1],
    [LINKS_PER_SHARD + 1, 2],
    [100_000, 1_563],
    [1_000_000, 15_625],
    [5_000_000, MAX_SHARDS],
  ])(
    "%i links get %i shards (small shards, never more files than the Free plan allows)",
    (links, shards) => {
      expect(shardCountFor(links)).toBe(shards);
    },
  );
});
