/**
 * The text form of a registry shard (`shortlinks.registry-shard/2`, JSON Lines): a header line,
 * then one link record per line, each starting with its kind and key. A lookup finds its line with
 * one string search and parses that record alone, never the whole shard (docs/performance.md,
 * "Layout"). The compiler writes with `shardText`; the runtime reads with `findInShard` and
 * `parseShard`; tests and tools read with `parseShard` too.
 */
import { SHARD_SCHEMA, type LinkRecord, type RegistryShard } from "../contract/index.js";

export type LinkKind = LinkRecord["kind"];

/**
 * An empty shard. Its maps have no prototype, so a link keyed `__proto__` (a valid slug) is an own
 * entry like any other instead of replacing the object's prototype and vanishing from the shard.
 */
export function emptyShard(): RegistryShard {
  return {
    schema: SHARD_SCHEMA,
    exact: Object.create(null) as RegistryShard["exact"],
    splat: Object.create(null) as RegistryShard["splat"],
  };
}

/** The header line's fields: the schema id and how many records of each kind follow. */
export interface ShardHeader {
  schema: typeof SHARD_SCHEMA;
  exact: number;
  splat: number;
  /** Only when the shard holds placeholder links. */
  placeholder?: number;
}

/**
 * Where a record's line starts: `{"kind":"exact","key":"docs",`. JSON.stringify never writes a raw
 * line feed, so a line feed followed by this prefix can only be the start of that record's line,
 * and JSON.stringify's escaping is the same in the compiler and the runtime.
 */
function lineStart(kind: LinkKind, key: string): string {
  return `\n{"kind":"${kind}","key":${JSON.stringify(key)},`;
}

/**
 * One record as its line: `kind` and `key` first, the other fields in their order. A record made
 * with `kind` and `key` as its first fields is its own line, without a reordered copy
 * (docs/performance.md, "A shard line without a copy").
 */
export function recordLine(record: LinkRecord): string {
  if (opensWithKindAndKey(record)) return JSON.stringify(record);
  const { kind, key, ...rest } = record;
  return JSON.stringify({ kind, key, ...rest });
}

/** True when the first two fields JSON.stringify writes of `record` are `kind` and `key`. */
function opensWithKindAndKey(record: object): boolean {
  let fields = 0;
  for (const name in record) {
    if (name !== (fields === 0 ? "kind" : "key")) return false;
    if (++fields === 2) return true;
  }
  return false;
}

/**
 * A shard as the compiler makes it: each kind's records in the links' order. Validation keeps one
 * link per kind and key on a host (SL305), so no key is on two lines.
 */
export interface ShardRecords {
  exact: LinkRecord[];
  splat: LinkRecord[];
  placeholder: LinkRecord[];
}

/** The kinds in the order a shard's text lists them. */
export const SHARD_KINDS = ["exact", "splat", "placeholder"] as const satisfies LinkKind[];

/** `records` by kind, each kind in the order given. */
export function shardRecords(records: Iterable<LinkRecord>): ShardRecords {
  const shard: ShardRecords = { exact: [], splat: [], placeholder: [] };
  for (const record of records) shard[record.kind].push(record);
  return shard;
}

/** How many records of each kind a shard holds. */
export type ShardCounts = Record<LinkKind, number>;

/** How many of `shard`'s records are of each kind. */
export function shardCounts(shard: ShardRecords): ShardCounts {
  const { exact, splat, placeholder } = shard;
  return { exact: exact.length, splat: splat.length, placeholder: placeholder.length };
}

/** The header line's fields of a shard holding `shard`'s records. */
export const shardHeader = (shard: ShardRecords): ShardHeader => shardHeaderFor(shardCounts(shard));

/** The header line's fields of a shard holding `counts` records. */
export function shardHeaderFor(counts: ShardCounts): ShardHeader {
  const header: ShardHeader = { schema: SHARD_SCHEMA, exact: counts.exact, splat: counts.splat };
  if (counts.placeholder > 0) header.placeholder = counts.placeholder;
  return header;
}

/**
 * The shard's file content: the header line, then the exact, splat and placeholder records, each
 * kind in its list's order (docs/performance.md, "Shards in the links' order").
 */
export function shardText(shard: ShardRecords): string {
  let text = JSON.stringify(shardHeader(shard));
  for (const kind of SHARD_KINDS)
    for (const record of shard[kind]) text += "\n" + recordLine(record);
  return text + "\n";
}

/** The map of `kind` in a shard (the placeholder map is made when first needed). */
export function shardSection(shard: RegistryShard, kind: LinkKind): Record<string, LinkRecord> {
  if (kind !== "placeholder") return shard[kind];
  return (shard.placeholder ??= Object.create(null) as Record<string, LinkRecord>);
}

/** The header of a shard's text, or an error message when it is not one this runtime reads. */
export function shardHeaderProblem(text: string): string | null {
  const end = text.indexOf("\n");
  let header: Partial<ShardHeader> | null = null;
  try {
    header = JSON.parse(end < 0 ? text : text.slice(0, end)) as Partial<ShardHeader>;
  } catch {
    return "the first line is not JSON";
  }
  if (header?.schema !== SHARD_SCHEMA) return `schema is not ${SHARD_SCHEMA}`;
  if (!text.endsWith("\n")) return "the last line is cut short";
  return null;
}

/** The record of `kind` and `key` in a shard's text (already checked by `shardHeaderProblem`). */
export function findInShard(text: string, kind: LinkKind, key: string): LinkRecord | undefined {
  const start = text.indexOf(lineStart(kind, key));
  if (start < 0) return undefined;
  const end = text.indexOf("\n", start + 1);
  return JSON.parse(text.slice(start + 1, end)) as LinkRecord;
}

/** Every record of a shard's text, by kind and key (the stats API, tests and tools). */
export function parseShard(text: string): RegistryShard {
  const problem = shardHeaderProblem(text);
  if (problem) throw new Error(`registry shard: ${problem}`);
  const header = JSON.parse(text.slice(0, text.indexOf("\n"))) as ShardHeader;
  const shard = emptyShard();
  const lines = text.split("\n").slice(1, -1);
  const counted = header.exact + header.splat + (header.placeholder ?? 0);
  if (lines.length !== counted)
    throw new Error(`registry shard: ${lines.length} records, the header counts ${counted}`);
  for (const line of lines) {
    const record = JSON.parse(line) as LinkRecord;
    shardSection(shard, record.kind)[record.key] = record;
  }
  return shard;
}
