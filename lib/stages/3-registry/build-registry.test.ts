import { describe, expect, it } from "vitest";
import { LINKS_PER_SHARD, MAX_SHARDS } from "../../../runtime/contract/index.js";
import { findInShard, shardText } from "../../../runtime/registry/shard-format.js";
import type { LinkRecord } from "../../../runtime/contract/index.js";
import { buildRegistry, shardCountFor } from "./build-registry.js";

const link = (key: string): LinkRecord => ({
  kind: "exact",
  key,
  slug: key,
  target: "https://example.com/",
  status: 302,
  state: "active",
  forward_query: true,
  file: "custom/links/links.yaml",
  line: 2,
});

describe("registry shards hold every link", () => {
  it("a link whose key names an Object.prototype member is written to its shard", () => {
    const keys = ["__proto__", "constructor", "tostring", "docs"];
    const { manifest, shards } = buildRegistry(keys.map(link), false);
    const texts = shards.map(shardText);
    for (const key of keys)
      expect(texts.filter((t) => findInShard(t, "exact", key)?.key === key)).toHaveLength(1);
    const written = shards.reduce((sum, s) => sum + s.exact.length, 0);
    expect(written).toBe(manifest.exact_count);
  });
});

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
