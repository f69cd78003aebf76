/**
 * A shard file's size counted from its records, without its text (docs/performance.md, "Build
 * time"): the per-file asset limit (SL505) is checked before the build writes, and making each
 * shard's text for that check made every shard's text twice. The text is `serializeShard`'s
 * (runtime/registry/shard-format.ts): a header line, then one JSON line per record and a final
 * line feed; a record's line has its fields in another order, which leaves its length alone.
 * A test pins this count to the text's length.
 */
import type { RegistryShard } from "../../../runtime/contract/index.js";
import { jsonBytes } from "../../shared/json-bytes.js";

export function shardBytes(shard: RegistryShard): number {
  const sections = [shard.exact, shard.splat, shard.placeholder ?? {}];
  const counts = sections.map((section) => Object.keys(section).length);
  const header: Record<string, unknown> = {
    schema: shard.schema,
    exact: counts[0],
    splat: counts[1],
  };
  if (counts[2] > 0) header.placeholder = counts[2];
  let bytes = jsonBytes(header) + 1;
  for (const section of sections) for (const key in section) bytes += jsonBytes(section[key]) + 1;
  return bytes;
}
