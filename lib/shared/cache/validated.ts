/**
 * Each link source's validated rows, cached by the source's bytes and everything a single row's
 * rules read besides its own fields: site.yaml, the blocklist, the static paths, the private
 * zones and the public files' bytes (docs/cache.md). A row with routes is validated afresh every
 * time (its rules read the clock); so is every rule that looks at more than one row.
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

interface Row {
  file: string;
  routes?: unknown;
}

/**
 * The lists this process has read or made, by entry key, per store: the two sides of a diff get
 * the same objects for a file unchanged between them, so the second side parses nothing and the
 * comparison pairs such rows by identity (docs/cache.md, "Within one run").
 */
const inProcess = new WeakMap<CacheStore, Map<string, unknown[]>>();

/** Wraps a row's validation: answers from the cache, or computes and keeps the answer. */
export interface ValidatedMemo<R> {
  (row: Row, compute: () => R): R;
  /** Writes the entries of the files that were not cached. */
  save(): Promise<void>;
}

/**
 * `rows`: the sources' rows in the order they are validated; `sourceKeys`: each file's key from
 * the rows cache (its path, bytes and the compiler's identity).
 */
export async function validatedMemo<R>(
  cache: CacheStore,
  rows: readonly Row[],
  sourceKeys: ReadonlyMap<string, string>,
  context: string,
): Promise<ValidatedMemo<R>> {
  const keyOf = new Map<string, string>();
  for (const [file, source] of sourceKeys) keyOf.set(file, cacheKey("validated", source, context));
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.file, (counts.get(row.file) ?? 0) + 1);
  // What the previous side kept and this one does not use is let go before this side validates.
  const before = inProcess.get(cache);
  const kept = new Map<string, unknown[]>();
  inProcess.set(cache, kept);
  const known = new Map<string, (R | null)[]>();
  for (const [file, key] of keyOf) {
    const shared = before?.get(key) as (R | null)[] | undefined;
    const hit = shared ?? (await cache.get<(R | null)[]>(key));
    if (!Array.isArray(hit) || hit.length !== counts.get(file)) continue;
    if (shared === undefined) shareStrings(hit, file);
    known.set(file, hit);
    kept.set(key, hit);
  }
  const index = new Map<string, number>();
  const fresh = new Map<string, (R | null)[]>();
  const writes: Promise<void>[] = [];
  let current: string | undefined;
  const flush = () => {
    const done = current === undefined ? undefined : fresh.get(current);
    // Serialized now, before any later stage could touch the records.
    if (done !== undefined && done.length === counts.get(current as string)) {
      const key = keyOf.get(current as string) as string;
      writes.push(cache.put(key, done));
      kept.set(key, done);
    }
    if (current !== undefined) fresh.delete(current);
  };
  const memo = ((row: Row, compute: () => R): R => {
    const key = keyOf.get(row.file);
    if (key === undefined) return compute(); // not from a cached source (a row `add` brings)
    if (row.file !== current) {
      flush();
      current = row.file;
    }
    const i = index.get(row.file) ?? 0;
    index.set(row.file, i + 1);
    const hit = known.get(row.file)?.[i];
    if (hit !== undefined && hit !== null) return hit;
    const result = compute();
    if (!known.has(row.file)) {
      const list = fresh.get(row.file) ?? [];
      fresh.set(row.file, list);
      list.push(row.routes === undefined ? result : null);
    }
    return result;
  }) as ValidatedMemo<R>;
  memo.save = async () => {
    flush();
    current = undefined;
    known.clear(); // the records live on in the tables; the lists need not
    await Promise.all(writes.splice(0));
  };
  return memo;
}

/**
 * A parsed entry holds its own copy of every string; the file's name (on every record) and a key
 * spelled as its slug are made one string each, as a fresh validation makes them: at a million
 * rows that is tens of MiB less to keep and to trace.
 */
function shareStrings(list: readonly unknown[], file: string): void {
  for (const item of list) {
    const record = (item as { record?: { file?: unknown; key?: unknown; slug?: unknown } } | null)
      ?.record;
    if (record === null || typeof record !== "object") continue;
    if (record.file === file) record.file = file;
    if (record.key === record.slug) record.key = record.slug;
  }
}
