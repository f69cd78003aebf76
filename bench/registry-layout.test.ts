// The registry layout keeps per-request work flat: for a generated 100k-link instance every shard
// stays under a byte budget (parsed in well under 1 ms), the manifest stays tiny, and a million
// links stay far below the platform's file limit. Deterministic: sizes only, no timing.
import { describe, expect, it } from "vitest";
import { buildRegistry } from "../lib/registry/build-registry.js";
import { shardOf } from "../runtime/registry/shard-of.js";
import { MAX_FILES_FREE, MAX_SHARDS, type LinkRecord } from "../runtime/contract/index.js";
import { makeLinks } from "./generate.mjs";

/** JSON.parse runs at well over 100 MB/s, so 32 KiB parses in about a tenth of a millisecond. */
const SHARD_BYTE_BUDGET = 32 * 1024;
const MANIFEST_BYTE_BUDGET = 1024;
/** The product's own pages and files, beside the shards, within MAX_FILES_FREE. */
const PRODUCT_FILES_ALLOWANCE = 1_000;

const links: LinkRecord[] = makeLinks(100_000).map((link, i) => ({
  kind: link.kind,
  slug: link.slug,
  key: link.key,
  target: link.target,
  status: link.status ?? 302,
  state: link.state,
  ...(link.schedule ? { schedule: link.schedule } : {}),
  forward_query: true,
  ...(link.description
    ? { description: link.description, tags: link.tags, owner: link.owner }
    : {}),
  file: `custom/links/links-${String(Math.floor(i / 100_000)).padStart(2, "0")}.csv`,
  line: (i % 100_000) + 2,
}));
const registry = buildRegistry(links, false);
const shardBytes = registry.shards.map(
  (shard) => new TextEncoder().encode(JSON.stringify(shard)).length,
);

describe("registry layout at 100k generated links", () => {
  it.each([
    ["every shard stays under the byte budget", () => Math.max(...shardBytes) <= SHARD_BYTE_BUDGET],
    [
      "no shard is empty (the hash spreads keys)",
      () =>
        registry.shards.every((s) => Object.keys(s.exact).length + Object.keys(s.splat).length > 0),
    ],
    [
      "the manifest stays under 1 KiB",
      () => JSON.stringify(registry.manifest).length <= MANIFEST_BYTE_BUDGET,
    ],
    ["splat lookups try at most two depths", () => registry.manifest.splat_depths.length <= 2],
    [
      "any number of links fits the Free plan's file limit",
      () => MAX_SHARDS + PRODUCT_FILES_ALLOWANCE <= MAX_FILES_FREE,
    ],
  ])("%s", (_rule, holds) => {
    expect(holds()).toBe(true);
  });

  it.each([
    ["exact", links.filter((l) => l.kind === "exact")],
    ["splat", links.filter((l) => l.kind === "splat")],
  ] as const)("every %s link sits in the shard the runtime's shardOf names", (kind, list) => {
    const misplaced = list.filter(
      (l) => !registry.shards[shardOf(l.key, registry.manifest.shard_count)][kind][l.key],
    );
    expect(misplaced.map((l) => l.key)).toEqual([]);
  });
});
