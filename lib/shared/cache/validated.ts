/**
 * Each link source's validated rows, cached by the source's bytes and everything a single row's
 * rules read besides its own fields: site.yaml, the blocklist, the static paths, the private
 * zones and the public files' bytes (docs/cache.md). A row with routes is validated afresh every
 * time (its rules read the clock); so is every rule that looks at more than one row.
 *
 * A file whose entry is found is not read as rows at all: the entry holds the file's read
 * problems, and the few rows validation reads beyond their record (a row with routes, hosts or a
 * successor, `needsRow`). Every other row is stood in for by one shared object naming the file.
 */
import { createHash } from "node:crypto";
import { serialize } from "node:v8";
import type { CacheStore } from "./store.js";
import { cacheKey } from "./store.js";

/** What a row's validation reads besides the row; hashed into every entry's key. */
export function contextKey(context: {
  site: unknown;
  policy: unknown;
  staticPaths: readonly string[];
  zones: unknown;
  domains: unknown;
  publicFiles: ReadonlyMap<string, string | Uint8Array>;
}): string {
  const files = [...context.publicFiles]
    .map(([path, content]) => [path, createHash("sha256").update(content).digest("hex")])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const { publicFiles: _files, ...rest } = context;
  // v8's serializer, unlike JSON, keeps Maps, Sets and regular expressions apart.
  return cacheKey(serialize({ ...rest, files }));
}

export interface Row {
  file: string;
  routes?: unknown;
}

/** A row's answer: its record when it passes, and its problems. */
export interface Answer {
  record?: object;
  diagnostics: readonly unknown[];
}

/**
 * An answer as an entry keeps it: the record alone when there is one and no problem (most rows:
 * a million answers parse to a third fewer objects, about 110 MiB less), else the answer.
 * A record has no `diagnostics` field; an answer always has one.
 */
type Kept<R extends Answer> = R | NonNullable<R["record"]>;

const NO_PROBLEMS: readonly unknown[] = Object.freeze([]);

const keep = <R extends Answer>(answer: R): Kept<R> =>
  answer.record !== undefined && answer.diagnostics.length === 0
    ? (answer.record as NonNullable<R["record"]>)
    : answer;

const answerOf = <R extends Answer>(kept: Kept<R>): R =>
  "diagnostics" in kept ? (kept as R) : ({ record: kept, diagnostics: NO_PROBLEMS } as R);

/**
 * One file's entry: its read problems, each row's answer (null for a row with routes, validated
 * again on every run) and, by index, the rows validation reads beyond their answer.
 */
interface Entry<R extends Answer, W> {
  read: unknown[];
  rows: (Kept<R> | null)[];
  full: [number, W][];
}

/** A file answered by its entry: its rows as validation reads them, and its read problems. */
export interface StandIns<W> {
  links: W[];
  diagnostics: unknown[];
}

/**
 * The entries this process has read or made, by key, per store: the two sides of a diff get the
 * same objects for a file unchanged between them, so the second side parses nothing and the
 * comparison pairs such rows by identity (docs/cache.md, "Within one run").
 */
const inProcess = new WeakMap<CacheStore, Map<string, Entry<Answer, unknown>>>();

/** Wraps a row's validation: answers from the cache, or computes and keeps the answer. */
export interface ValidatedMemo<R extends Answer> {
  (row: Row, compute: () => R): R;
  /** Writes the entries of the files that were not cached. */
  save(): Promise<void>;
}

export interface ValidatedRows<R extends Answer, W extends Row> {
  /** The file's stand-in rows when an entry answers it (`sourceKey`: rows.ts's key of the file). */
  standIns(file: string, sourceKey: string): Promise<StandIns<W> | undefined>;
  /**
   * A file read as rows: its read problems and row count, for the entry made of it, and by row
   * the answers taken from the side before (`earlier`), for rows written as there.
   */
  read(
    file: string,
    sourceKey: string,
    load: { diagnostics: unknown[]; rows: number; answers?: readonly (object | undefined)[] },
  ): void;
  /**
   * The side before's answers for a file it read under `sourceKey` (same-rows.ts): by row index
   * and the line the row now starts on, its record when the row passed cleanly and is read for
   * its answer alone; none when that side judged its rows by another rule context.
   */
  earlier(
    sourceKey: string,
  ): Promise<((index: number, line: number) => object | undefined) | undefined>;
  /** The memo over the sources' rows (stand-ins among them), in the order they are validated. */
  memo(): Promise<ValidatedMemo<R>>;
}

/** A file read as rows: its entry's key, its read problems and how many rows it gave. */
interface Read {
  key: string;
  diagnostics: unknown[];
  rows: number;
  answers?: readonly (object | undefined)[];
}

/**
 * `context`: the key of what a row's rules read besides the row (contextKey), asked for once.
 * `needsRow`: a row validation reads beyond its answer, kept whole in the entry.
 */
export function validatedRows<R extends Answer, W extends Row>(
  cache: CacheStore,
  context: () => Promise<string>,
  needsRow: (row: W) => boolean,
): ValidatedRows<R, W> {
  // What the previous side kept and this one does not use is let go once this side validates.
  let before = inProcess.get(cache) as Map<string, Entry<R, W>> | undefined;
  const kept = new Map<string, Entry<R, W>>();
  inProcess.set(cache, kept as Map<string, Entry<Answer, unknown>>);
  let contextHash: Promise<string> | undefined;
  const entryKey = async (sourceKey: string) =>
    cacheKey("validated-rows", sourceKey, await (contextHash ??= context()));
  const found = new Map<string, Entry<R, W>>(); // file -> its entry
  const reads = new Map<string, Omit<Read, "key"> & { sourceKey: string }>();
  return {
    async standIns(file, sourceKey) {
      const key = await entryKey(sourceKey);
      const shared = before?.get(key);
      const entry = shared ?? entryOfLines<R, W>(await cache.get(key));
      if (!wellFormed(entry)) return undefined;
      if (shared === undefined) unpacked(entry, file);
      found.set(file, entry);
      kept.set(key, entry);
      return { links: standInRows(entry, file), diagnostics: entry.read };
    },
    read(file, sourceKey, load) {
      reads.set(file, { sourceKey, ...load });
    },
    async earlier(sourceKey) {
      // Found only under this side's rule context: another context judged rows otherwise.
      const entry = before?.get(await entryKey(sourceKey));
      if (entry === undefined) return undefined;
      const whole = new Set(entry.full.map(([index]) => index));
      return (index, line) => {
        const kept = entry.rows[index];
        if (kept === null || kept === undefined || "diagnostics" in kept || whole.has(index))
          return undefined;
        const record = kept as { line?: unknown };
        return record.line === line ? record : { ...record, line };
      };
    },
    async memo() {
      before = undefined;
      const made = new Map<string, Read>();
      for (const [file, read] of reads) {
        const { sourceKey, ...rest } = read;
        made.set(file, { key: await entryKey(sourceKey), ...rest });
      }
      reads.clear();
      return rowsMemo(cache, { found, made, kept, needsRow });
    },
  };
}

/**
 * `found`: the entries answering files; `made`: the files read as rows, whose entries are made
 * as their rows are validated, and kept for the next side.
 */
function rowsMemo<R extends Answer, W extends Row>(
  cache: CacheStore,
  files: {
    found: Map<string, Entry<R, W>>;
    made: ReadonlyMap<string, Read>;
    kept: Map<string, Entry<R, W>>;
    needsRow: (row: W) => boolean;
  },
): ValidatedMemo<R> {
  const { found, made, kept, needsRow } = files;
  const index = new Map<string, number>();
  const fresh = new Map<string, Entry<R, W>>();
  const writes: Promise<void>[] = [];
  let current: string | undefined;
  const flush = () => {
    const read = current === undefined ? undefined : made.get(current);
    const done = current === undefined ? undefined : fresh.get(current);
    // Serialized now, before any later stage could touch the records.
    if (read !== undefined && done !== undefined && done.rows.length === read.rows) {
      if (cache.keeps) writes.push(cache.put(read.key, linesOf(packed(done))));
      kept.set(read.key, done);
    }
    if (current !== undefined) fresh.delete(current);
  };
  const memo = ((row: W, compute: () => R): R => {
    const entry = found.get(row.file);
    const read = entry === undefined ? made.get(row.file) : undefined;
    if (entry === undefined && read === undefined) return compute(); // a row `add` brings
    if (row.file !== current) {
      flush();
      current = row.file;
    }
    const i = index.get(row.file) ?? 0;
    index.set(row.file, i + 1);
    const hit = entry?.rows[i];
    if (hit !== undefined && hit !== null) return answerOf<R>(hit);
    const earlier = read?.answers?.[i];
    const result = earlier === undefined ? compute() : answerOf<R>(earlier as Kept<R>);
    if (read !== undefined && i < read.rows) {
      let list = fresh.get(row.file);
      if (list === undefined) {
        list = { read: read.diagnostics, rows: [], full: [] };
        fresh.set(row.file, list);
      }
      if (needsRow(row)) list.full.push([i, row]);
      list.rows.push(row.routes === undefined ? keep(result) : null);
    }
    return result;
  }) as ValidatedMemo<R>;
  memo.save = async () => {
    flush();
    current = undefined;
    found.clear(); // the records live on in the tables; the lists need not
    await Promise.all(writes.splice(0));
  };
  return memo;
}

/**
 * Answers per line of an entry: about 50 KB of JSON, a text small enough for the young generation
 * (docs/performance.md, "Cache entries in lines, read into one buffer").
 */
const ROWS_PER_LINE = 256;

/**
 * An entry as the store keeps it: a line of its read problems, whole rows and row count, then its
 * answers ROWS_PER_LINE to a line.
 */
function linesOf<R extends Answer, W>(entry: Entry<R, W>): unknown[] {
  const { rows, ...rest } = entry;
  const lines: unknown[] = [{ ...rest, rows: rows.length }];
  for (let from = 0; from < rows.length; from += ROWS_PER_LINE)
    lines.push(rows.slice(from, from + ROWS_PER_LINE));
  return lines;
}

/** The entry `linesOf` wrote, or undefined when the lines are not such an entry. */
function entryOfLines<R extends Answer, W>(lines: unknown[] | undefined): Entry<R, W> | undefined {
  const head = lines?.[0] as { read?: unknown; full?: unknown; rows?: unknown } | undefined;
  if (lines === undefined || typeof head !== "object" || head === null) return undefined;
  const count = head.rows;
  if (!Number.isInteger(count) || (count as number) < 0) return undefined;
  const rows = new Array<Kept<R> | null>(count as number);
  let filled = 0;
  for (let i = 1; i < lines.length; i++) {
    const part = lines[i];
    if (!Array.isArray(part) || filled + part.length > rows.length) return undefined;
    for (const row of part) rows[filled++] = row as Kept<R> | null;
  }
  if (filled !== rows.length) return undefined;
  return { ...head, rows } as Entry<R, W>;
}

/** An entry as written: rows and read problems listed, and a whole row for every null answer. */
function wellFormed<R extends Answer, W>(entry: Entry<R, W> | undefined): entry is Entry<R, W> {
  if (entry === null || typeof entry !== "object") return false;
  const { read, rows, full } = entry;
  if (!Array.isArray(read) || !Array.isArray(rows) || !Array.isArray(full)) return false;
  const whole = new Set<number>();
  for (const item of full) {
    if (!Array.isArray(item) || !Number.isInteger(item[0]) || item[0] < 0 || item[0] >= rows.length)
      return false;
    whole.add(item[0] as number);
  }
  for (let i = 0; i < rows.length; i++) if (rows[i] === null && !whole.has(i)) return false;
  return true;
}

/**
 * The rows of an answered file: its whole rows where the entry keeps them, and one shared object
 * naming the file everywhere else (validation reads only the file of a row it has an answer for).
 */
function standInRows<R extends Answer, W extends Row>(entry: Entry<R, W>, file: string): W[] {
  const stub = { file } as W;
  const links = new Array<W>(entry.rows.length).fill(stub);
  for (const [i, row] of entry.full) {
    row.file = file;
    links[i] = row;
  }
  return links;
}

/**
 * A record as an entry keeps it: its file (every record's, the entry's own) and a key spelled as
 * its slug (most records') written as 0, each in its place, so the key order the record's JSON
 * elsewhere depends on is kept. A sixth of an entry's bytes at a million links, and as many
 * strings JSON.parse would make only for `unpacked` to replace them (docs/cache.md).
 */
function packedRecord(record: object): object {
  const copy = { ...record } as { file?: unknown; key?: unknown; slug?: unknown };
  if (typeof copy.file === "string") copy.file = 0;
  if (typeof copy.key === "string" && copy.key === copy.slug) copy.key = 0;
  return copy;
}

function packed<R extends Answer, W>(entry: Entry<R, W>): Entry<R, W> {
  const rows = entry.rows.map((kept) => {
    if (kept === null || typeof kept !== "object") return kept;
    if (!("diagnostics" in kept)) return packedRecord(kept) as Kept<R>;
    const { record } = kept as R;
    return (record === undefined ? kept : { ...kept, record: packedRecord(record) }) as Kept<R>;
  });
  return { ...entry, rows };
}

/**
 * A parsed entry's records as validation made them: each record's file is the entry's file, one
 * string for all (a parsed entry would hold its own copy on every row), and a key written as 0 is
 * its slug, the same string, as a fresh validation gives it.
 */
function unpacked(entry: Entry<Answer, unknown>, file: string): void {
  for (const item of entry.rows) {
    if (item === null || typeof item !== "object") continue;
    const record = ("diagnostics" in item ? item.record : item) as
      { file?: unknown; key?: unknown; slug?: unknown } | undefined;
    if (typeof record !== "object" || record === null) continue;
    if (record.file === 0) record.file = file;
    if (record.key === 0) record.key = record.slug;
  }
}
