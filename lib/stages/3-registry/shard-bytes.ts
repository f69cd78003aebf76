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

/** The bytes of a record's line, its line feed included; 0 for no record. */
export function lineBytes(record: LinkRecord | undefined): number {
  return record === undefined ? 0 : jsonBytes(record) + 1;
}

/** The bytes of a shard's header line, its line feed included. */
export function headerBytes(shard: RegistryShard): number {
  const header: Record<string, unknown> = {
    schema: shard.schema,
    exact: Object.keys(shard.exact).length,
    splat: Object.keys(shard.splat).length,
  };
  const placeholders = Object.keys(shard.placeholder ?? {}).length;
  if (placeholders > 0) header.placeholder = placeholders;
  return jsonBytes(header) + 1;
}

export function shardBytes(shard: RegistryShard): number {
  let bytes = headerBytes(shard);
  for (const section of [shard.exact, shard.splat, shard.placeholder ?? {}])
    for (const key in section) bytes += lineBytes(section[key]);
  return bytes;
}
