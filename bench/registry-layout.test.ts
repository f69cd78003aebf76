// The registry layout keeps per-request work flat: for a generated 100k-link instance every shard
// stays under a byte budget, a lookup finds its record without parsing the shard, the membership
// filter never rules out a link and rules out nearly every miss, the manifest stays tiny, and a
// million links stay far below the platform's file limit. Deterministic: sizes only, no timing.
import { describe, expect, it } from "vitest";
import { buildRegistry } from "../lib/stages/3-registry/build-registry.js";
import { MembershipFilter } from "../runtime/registry/filter.js";
import { findInShard, shardText } from "../runtime/registry/shard-format.js";
import { shardOf } from "../runtime/registry/shard-of.js";
import {
  FILTER_BITS_PER_LINK,
  MAX_ASSET_BYTES,
  MAX_FILES_FREE,
  MAX_SHARDS,
  type LinkRecord,
} from "../runtime/contract/index.js";
import { makeLinks, makeRequests } from "./generate.mjs";

/** A shard is read whole (one subrequest, no parse of the whole text); 32 KiB keeps that cheap. */
const SHARD_BYTE_BUDGET = 32 * 1024;
const MANIFEST_BYTE_BUDGET = 1024;
/** The product's own pages and files, beside the shards and the filter, within MAX_FILES_FREE. */
const PRODUCT_FILES_ALLOWANCE = 1_000;
/** Misses the filter lets through to a shard read (about 0.8% expected at 10 bits per link). */
const FALSE_POSITIVE_BUDGET = 0.015;

const LINKS = 100_000;
const generated = makeLinks(LINKS);
const links: LinkRecord[] = generated.map((link, i) => ({
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
const texts = registry.shards.map(shardText);
const shardBytes = texts.map((text) => new TextEncoder().encode(text).length);
const filterFile = registry.filter.toFile();
const filter = MembershipFilter.fromFile(filterFile, registry.filter.shape) as MembershipFilter;
const misses = makeRequests(generated, 20_000)
  .filter((r) => !r.location)
  .map((r) => r.path.slice(1));

describe("registry layout at 100k generated links", () => {
  it.each([
    ["every shard stays under the byte budget", () => Math.max(...shardBytes) <= SHARD_BYTE_BUDGET],
    [
      "no shard is empty (the hash spreads keys)",
      () => registry.shards.every((s) => s.exact.length + s.splat.length > 0),
    ],
    [
      "the manifest stays under 1 KiB",
      () => JSON.stringify(registry.manifest).length <= MANIFEST_BYTE_BUDGET,
    ],
    ["splat lookups try at most two depths", () => registry.manifest.splat_depths.length <= 2],
    [
      "any number of links fits the Free plan's file limit (shards, the filter, the product)",
      () => MAX_SHARDS + 1 + PRODUCT_FILES_ALLOWANCE <= MAX_FILES_FREE,
    ],
    [
      `the filter takes about ${FILTER_BITS_PER_LINK} bits per link`,
      () => Math.abs(filterFile.length - (LINKS * FILTER_BITS_PER_LINK) / 8) < 64,
    ],
    [
      "the filter of the largest registry the asset limit allows stays one file",
      () => (MAX_ASSET_BYTES * 8) / FILTER_BITS_PER_LINK >= 20_000_000,
    ],
  ])("%s", (_rule, holds) => {
    expect(holds()).toBe(true);
  });

  it.each([
    ["exact", links.filter((l) => l.kind === "exact")],
    ["splat", links.filter((l) => l.kind === "splat")],
  ] as const)(
    "every %s link is found in the shard the runtime's shardOf names, and passes the filter",
    (kind, list) => {
      const count = registry.manifest.shard_count;
      const misplaced = list.filter(
        (l) => findInShard(texts[shardOf(l.key, count)], kind, l.key)?.target !== l.target,
      );
      expect(misplaced.map((l) => l.key)).toEqual([]);
      expect(list.filter((l) => !filter.mayHave(kind, l.key)).map((l) => l.key)).toEqual([]);
    },
  );

  it(`the filter rules out all but ${FALSE_POSITIVE_BUDGET * 100}% of the benchmark's misses`, () => {
    expect(misses.length).toBeGreaterThan(3_000);
    const through = misses.filter((key) => filter.mayHave("exact", key)).length;
    expect(through / misses.length).toBeLessThan(FALSE_POSITIVE_BUDGET);
  });
});
