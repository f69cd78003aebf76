/**
 * A shard file's size counted from its records, without its text (docs/performance.md, "Build
 * time"): the per-file asset limit (SL505) is checked before the build writes, and making each
 * shard's text for that check made every shard's text twice. The text is `serializeShard`'s
 * (runtime/registry/shard-format.ts): a header line, then one JSON line per record and a final
 * line feed; a record's line has its fields in another order, which leaves its length alone.
 * A test pins this count to the text's length.
 */
import type { LinkRecord, RegistryShard } from "../../../runtime/contract/index.js";
import { jsonBytes } from "../../shared/json-bytes.js";

/** The bytes of a record's line, its line feed included. */
function lineBytes(record: LinkRecord): number {
  return jsonBytes(record) + 1;
}

/** How many exact, splat and placeholder records a shard holds. */
function recordCounts(shard: RegistryShard): [number, number, number] {
  const sections = [shard.exact, shard.splat, shard.placeholder ?? {}];
  const [exact, splat, placeholder] = sections.map((section) => Object.keys(section).length);
  return [exact, splat, placeholder];
}

/** The bytes of the header line of a shard with these record counts, its line feed included. */
function headerBytes(shard: RegistryShard, [exact, splat, placeholder]: number[]): number {
  const header: Record<string, unknown> = { schema: shard.schema, exact, splat };
  if (placeholder > 0) header.placeholder = placeholder;
  return jsonBytes(header) + 1;
}

export function shardBytes(shard: RegistryShard): number {
  let bytes = headerBytes(shard, recordCounts(shard));
  for (const section of [shard.exact, shard.splat, shard.placeholder ?? {}])
    for (const key in section) bytes += lineBytes(section[key]);
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
  shards: readonly RegistryShard[],
): number[] {
  const bytes = new Array<number>(shards.length).fill(0);
  const placed = new Uint32Array(shards.length);
  for (let i = 0; i < links.length; i++) {
    bytes[shardOfLink[i]] += lineBytes(links[i]);
    placed[shardOfLink[i]]++;
  }
  // A link whose kind and key came before replaced that record: its shard is counted afresh.
  return shards.map((shard, i) => {
    const counts = recordCounts(shard);
    const held = counts[0] + counts[1] + counts[2];
    return held === placed[i] ? bytes[i] + headerBytes(shard, counts) : shardBytes(shard);
  });
}
