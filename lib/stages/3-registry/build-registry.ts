/** Stage 3: link records -> the registry manifest and its shards (deterministic). */
import {
  filterShapeFor,
  MembershipFilter,
  type FilterShape,
} from "../../../runtime/registry/filter.js";
import { shardRecords, type ShardRecords } from "../../../runtime/registry/shard-format.js";
import { shardOf } from "../../../runtime/registry/shard-of.js";
import { headerLineBytes, recordLineBytes, shardSizes } from "./shard-bytes.js";
import {
  FILTER_BITS_PER_LINK,
  FILTER_HASHES,
  LINKS_PER_SHARD,
  MAX_SHARDS,
  REGISTRY_SCHEMA,
  type LinkRecord,
  type PlaceholderEntry,
  type RegistryManifest,
} from "../../../runtime/contract/index.js";

/**
 * How many shards `links` links get: about LINKS_PER_SHARD (64 links, about 16-20 KiB of JSON,
 * parsed in about 0.1 ms) each, at least 1, at most MAX_SHARDS (so the file count stays within
 * the Free plan's limit at any size; past about a million links shards grow instead).
 */
export function shardCountFor(links: number): number {
  return Math.min(MAX_SHARDS, Math.max(1, Math.ceil(links / LINKS_PER_SHARD)));
}

export interface Registry {
  manifest: RegistryManifest;
  /** Each shard's records by kind, in the links' order (its text: `shardText`). */
  shards: ShardRecords[];
  /** Every link's kind and key (runtime/registry/filter.ts). */
  filter: MembershipFilter;
  /** Each shard's file size in bytes (shardBytes), when asked for with `countBytes`. */
  shardBytes?: number[];
}

export interface RegistryOptions {
  /** Count each shard's size (shardSizes) once the links are placed. */
  countBytes?: boolean;
}

/**
 * The links' registry. `links` holds one link per kind and key (validation removes duplicates,
 * SL305): a shard lists its records as they come, without a map from key to record
 * (docs/performance.md, "Shards in the links' order").
 */
export function buildRegistry(
  links: readonly LinkRecord[],
  caseSensitive: boolean,
  options: RegistryOptions = {},
): Registry {
  const layout = layoutFor(links.length);
  const shards = Array.from({ length: layout.shardCount }, () => shardRecords([]));
  const shardOfLink = new Uint32Array(options.countBytes ? links.length : 0);
  const filter = MembershipFilter.empty(layout.filter);
  // No sort of the links: the bloom filter is the same in any order.
  const manifest = placeLinks(links, caseSensitive, layout, (link, shard, i) => {
    filter.add(link.kind, link.key);
    shards[shard][link.kind].push(link);
    if (options.countBytes) shardOfLink[i] = shard;
  });
  if (!options.countBytes) return { manifest, shards, filter };
  return { manifest, shards, filter, shardBytes: shardSizes(links, shardOfLink, shards) };
}

/**
 * A registry counted, not made: its manifest and the size of each of its files, for a run that
 * writes nothing and reads no shard (`check` of an instance without expectations). Neither the
 * shards' record lists nor the filter's bits are made (docs/performance.md, "A registry counted,
 * not made").
 */
export interface MeasuredRegistry {
  manifest: RegistryManifest;
  /** Each shard's file size in bytes, as `shardText` would make it. */
  shardBytes: number[];
  /** The membership filter's file size in bytes. */
  filterBytes: number;
}

export function measureRegistry(
  links: readonly LinkRecord[],
  caseSensitive: boolean,
): MeasuredRegistry {
  const layout = layoutFor(links.length);
  const counts = Array.from({ length: layout.shardCount }, () => ({
    exact: 0,
    splat: 0,
    placeholder: 0,
  }));
  const lines = new Array<number>(layout.shardCount).fill(0);
  const manifest = placeLinks(links, caseSensitive, layout, (link, shard) => {
    counts[shard][link.kind]++;
    lines[shard] += recordLineBytes(link);
  });
  return {
    manifest,
    shardBytes: counts.map((count, shard) => headerLineBytes(count) + lines[shard]),
    filterBytes: MembershipFilter.fileBytes(layout.filter),
  };
}

/** How many shards `links` links get and the shape of their membership filter. */
interface Layout {
  shardCount: number;
  filter: FilterShape;
}

const layoutFor = (links: number): Layout => ({
  shardCount: shardCountFor(links),
  filter: filterShapeFor(links, FILTER_BITS_PER_LINK, FILTER_HASHES),
});

/**
 * The manifest of `links` laid out as `layout` says, each link handed to `place` with its shard
 * and its index, in the links' order.
 */
function placeLinks(
  links: readonly LinkRecord[],
  caseSensitive: boolean,
  { shardCount, filter }: Layout,
  place: (link: LinkRecord, shard: number, index: number) => void,
): RegistryManifest {
  const depths = new Set<number>();
  let exactCount = 0;
  // Only the placeholders are listed, in key order.
  const placeholderLinks: LinkRecord[] = [];
  for (let i = 0; i < links.length; i++) {
    const link = links[i];
    place(link, shardOf(link.key, shardCount), i);
    if (link.kind === "exact") exactCount++;
    else if (link.kind === "splat") depths.add(link.key === "" ? 0 : link.key.split("/").length);
    else placeholderLinks.push(link);
  }
  const placeholders: PlaceholderEntry[] = placeholderLinks
    .sort((a, b) => compare(a.key, b.key))
    .map((link) => (link.params ? [link.key, link.params] : [link.key]));
  const manifest: RegistryManifest = {
    schema: REGISTRY_SCHEMA,
    case_sensitive: caseSensitive,
    shard_count: shardCount,
    exact_count: exactCount,
    splat_count: links.length - exactCount - placeholders.length,
    splat_depths: [...depths].sort((a, b) => a - b),
    filter_bits: filter.bits,
    filter_hashes: filter.hashes,
  };
  if (placeholders.length > 0) manifest.placeholders = placeholders;
  return manifest;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
