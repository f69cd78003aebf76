/**
 * A shard file's size counted from its records, without its text (docs/performance.md, "Build
 * time"): the per-file asset limit (SL505) is checked before the build writes, and making each
 * shard's text for that check made every shard's text twice. The text is `shardText`'s
 * (runtime/registry/shard-format.ts): a header line, then one JSON line per record and a final
 * line feed; a record's line has its fields in another order, which leaves its length alone.
 * A test pins this count to the text's length.
 */
import type { LinkRecord } from "../../../runtime/contract/index.js";
import {
  SHARD_KINDS,
  shardCounts,
  shardHeaderFor,
  type ShardCounts,
  type ShardRecords,
} from "../../../runtime/registry/shard-format.js";
import { jsonBytes } from "../../shared/json-bytes.js";

/** The bytes of a record's line, its line feed included. */
export function recordLineBytes(record: LinkRecord): number {
  return jsonBytes(record) + 1;
}

/** The bytes of the header line of a shard holding `counts` records, its line feed included. */
export function headerLineBytes(counts: ShardCounts): number {
  return jsonBytes(shardHeaderFor(counts)) + 1;
}

const headerBytes = (shard: ShardRecords) => headerLineBytes(shardCounts(shard));

export function shardBytes(shard: ShardRecords): number {
  let bytes = headerBytes(shard);
  for (const kind of SHARD_KINDS)
    for (const record of shard[kind]) bytes += recordLineBytes(record);
  return bytes;
}

/**
 * Each shard's size, counted over the links in their own order (`shardOfLink[i]`: the shard link
 * `i` went to). The records are laid out in memory about in that order; walking them shard by
 * shard visits them in hash order, about twice as slow at 200k links (docs/performance.md,
 * "Shard sizes in the links' order").
 */
export function shardSizes(
  links: readonly LinkRecord[],
  shardOfLink: Uint32Array,
  shards: readonly ShardRecords[],
): number[] {
  const bytes = shards.map(headerBytes);
  for (let i = 0; i < links.length; i++) bytes[shardOfLink[i]] += recordLineBytes(links[i]);
  return bytes;
}
