/**
 * A content-addressed cache on disk (docs/cache.md): an entry is found by the hash of everything
 * that made it (the caller's key) and holds its own hash, checked on every read, so a truncated,
 * corrupt or tampered entry is ignored (and rewritten) rather than trusted. Entries are written
 * atomically (temp file, then rename) and the folder is pruned to a size bound, oldest first.
 * Nothing depends on the cache being there: deleting its folder only costs time.
 */
import { isAscii } from "node:buffer";
import { createHash } from "node:crypto";
import { readdir, rm, stat, utimes, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { writeFileAtomic } from "../fs/atomic.js";
import { withFileBytes } from "../fs/read-reused.js";
import { jsonParts } from "../json-parts.js";

/** Bumped when the layout of an entry changes: older entries are then never read. */
export const CACHE_FORMAT = "shortlinks-cache-2";
/** Default bound of the folder's size; pruning keeps it under this. */
export const DEFAULT_MAX_BYTES = 1024 * 1024 * 1024;
const HASH_BYTES = 32;
const MAGIC = Buffer.from(CACHE_FORMAT + "\n");
const CHUNK_BYTES = 1024 * 1024;
const LINE_FEED = 0x0a;
const PART_CHARS = 256 * 1024;

export interface CacheStore {
  dir: string;
  /** Whether what is put is kept for later runs (a store with nowhere to keep it keeps nothing). */
  keeps: boolean;
  /** The values stored under `key`, in order; undefined when absent, stale or failing its hash. */
  get(key: string): Promise<unknown[] | undefined>;
  /**
   * Stores `values` (each JSON: plain objects, arrays, strings, numbers, booleans, null) under
   * `key`, one line each; a failure to write is ignored (the cache is never required). Each line
   * is decoded and parsed on its own when read: a caller splits a long list over lines of a few
   * hundred items, so that no text of tens of MB is made to parse it (docs/performance.md, "Cache
   * entries in lines, read into one buffer"). JSON rather than node:v8's serializer: read back,
   * 200k link records took 85 MiB of heap from JSON.parse and 116 MiB from v8's deserialize
   * (which copies every string, even those repeated on every row), in about the same time.
   */
  put(key: string, values: readonly unknown[]): Promise<void>;
  /** Removes the oldest entries until the folder holds at most `maxBytes`. */
  prune(): Promise<void>;
}

/** A key: the hash of the parts, each length-prefixed so that no two lists of parts collide. */
export function cacheKey(...parts: (string | Uint8Array)[]): string {
  const hash = createHash("sha256").update(CACHE_FORMAT);
  for (const part of parts) {
    const bytes = typeof part === "string" ? Buffer.from(part) : part;
    hash.update(`\n${bytes.length}\n`).update(bytes);
  }
  return hash.digest("hex");
}

const fileOf = (dir: string, key: string) => join(dir, key.slice(0, 2), `${key}.bin`);

/**
 * Writes an entry's bytes: the format line, the hash of key and body, the body (the JSON text's
 * `parts` as UTF-8). The body is encoded into one buffer a chunk at a time, hashed and written as
 * it goes, and the head is written over its place last: encoding a body of tens of MB into a
 * buffer of its own cost several times as much (docs/performance.md, "Cache entries encoded a
 * part at a time").
 */
async function writeEntry(file: FileHandle, key: string, parts: readonly string[]): Promise<void> {
  const head = Buffer.alloc(MAGIC.length + HASH_BYTES);
  await file.writeFile(head);
  const sum = createHash("sha256").update(key);
  const chunk = new Uint8Array(CHUNK_BYTES);
  const encoder = new TextEncoder();
  let filled = 0;
  const flush = async () => {
    const bytes = chunk.subarray(0, filled);
    sum.update(bytes);
    await file.writeFile(bytes);
    filled = 0;
  };
  for (const part of parts)
    for (let at = 0; at < part.length;) {
      if (CHUNK_BYTES - filled < 4) await flush(); // room for any one character
      // Only whole characters are encoded: a chunk ends before one that does not fit.
      const { read, written } = encoder.encodeInto(
        at === 0 ? part : part.slice(at),
        chunk.subarray(filled),
      );
      at += read;
      filled += written;
    }
  if (filled > 0) await flush();
  MAGIC.copy(head);
  sum.digest().copy(head, MAGIC.length);
  const { bytesWritten } = await file.write(head, 0, head.length, 0);
  if (bytesWritten !== head.length) throw new Error("cache entry head not written whole");
}

function decode(key: string, bytes: Buffer): Buffer | undefined {
  if (bytes.length < MAGIC.length + HASH_BYTES) return undefined;
  if (!bytes.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const sum = bytes.subarray(MAGIC.length, MAGIC.length + HASH_BYTES);
  const body = bytes.subarray(MAGIC.length + HASH_BYTES);
  const actual = createHash("sha256").update(key).update(body).digest();
  return actual.equals(sum) ? body : undefined;
}

/**
 * An entry body's values, a line each. A line is decoded only when parsed: a JSON text holds no
 * raw line feed, and no byte of a multi-byte UTF-8 character is one. The body is nearly always
 * ASCII, which Latin-1 decodes to the same text as UTF-8 does, without UTF-8's checks: about half
 * the time.
 */
function valuesOf(body: Buffer): unknown[] {
  const encoding = isAscii(body) ? "latin1" : "utf8";
  const values: unknown[] = [];
  for (let at = 0; at < body.length;) {
    const end = body.indexOf(LINE_FEED, at);
    const next = end === -1 ? body.length : end;
    values.push(JSON.parse(body.toString(encoding, at, next)));
    at = next + 1;
  }
  return values;
}

export function openCache(dir: string, options: { maxBytes?: number } = {}): CacheStore {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  return {
    dir,
    keeps: true,
    async get(key: string): Promise<unknown[] | undefined> {
      if (!/^[0-9a-f]{64}$/.test(key)) return undefined;
      const file = fileOf(dir, key);
      let values: unknown[] | undefined;
      try {
        // The bytes are read into a buffer kept for the next entry, and parsed before it is.
        values = await withFileBytes(file, (bytes) => {
          const body = decode(key, bytes);
          return body === undefined ? undefined : valuesOf(body);
        });
      } catch {
        return undefined;
      }
      if (values === undefined) return undefined;
      const now = new Date();
      await utimes(file, now, now).catch(() => {}); // recently used: pruned last
      return values;
    },
    async put(key: string, values: readonly unknown[]): Promise<void> {
      if (!/^[0-9a-f]{64}$/.test(key)) throw new Error(`not a cache key: ${key}`);
      // Made now, before the caller could change what it stored.
      const parts = joinedParts(values);
      // Not flushed to disk: an entry cut short by a crash fails its hash and is computed again.
      await writeFileAtomic(fileOf(dir, key), (file) => writeEntry(file, key, parts), {
        sync: false,
      }).catch(() => {});
    },
    prune: () => pruneCache(dir, maxBytes),
  };
}

/**
 * The JSON texts of `values`, a line each, joined into parts of at least PART_CHARS characters:
 * a line's text, small enough to parse in the young generation, would be copied out of it while
 * the entry waits to be written, where a part that large is made where it stays.
 */
function joinedParts(values: readonly unknown[]): string[] {
  const parts: string[] = [];
  let pending: string[] = [];
  let length = 0;
  const join = () => {
    parts.push(pending.join(""));
    pending = [];
    length = 0;
  };
  values.forEach((value, i) => {
    const line = jsonParts(value);
    if (line === undefined) throw new Error("a cache entry's values are JSON values");
    if (i > 0) pending.push("\n");
    for (const part of line) {
      pending.push(part);
      length += part.length;
      if (length >= PART_CHARS) join();
    }
  });
  if (pending.length > 0) join();
  return parts;
}

/**
 * A store that keeps nothing, for an instance with nowhere to keep a cache: every entry is
 * missing and every write is dropped, but a review's two sides still hand each other what they
 * share within the run (docs/cache.md, "Within one run").
 */
export function runOnlyCache(): CacheStore {
  return {
    dir: "",
    keeps: false,
    get: async () => undefined,
    put: async () => {},
    prune: async () => {},
  };
}

/** Deletes the least recently used entries until the folder holds at most `maxBytes`. */
export async function pruneCache(dir: string, maxBytes: number): Promise<void> {
  const entries: { file: string; size: number; mtime: number }[] = [];
  let folders: string[];
  try {
    folders = await readdir(dir);
  } catch {
    return;
  }
  for (const folder of folders) {
    const names = await readdir(join(dir, folder)).catch(() => [] as string[]);
    for (const name of names) {
      const file = join(dir, folder, name);
      const info = await stat(file).catch(() => undefined);
      if (info?.isFile()) entries.push({ file, size: info.size, mtime: info.mtimeMs });
    }
  }
  let total = entries.reduce((n, e) => n + e.size, 0);
  entries.sort((a, b) => a.mtime - b.mtime);
  for (const entry of entries) {
    if (total <= maxBytes) break;
    await rm(entry.file, { force: true });
    total -= entry.size;
  }
}
