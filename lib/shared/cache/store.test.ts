/** The content-addressed cache: an entry is read only when its own hash holds, written whole or not at all, pruned oldest first. */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CACHE_FORMAT, cacheKey, openCache, pruneCache, runOnlyCache } from "./store.js";
import { cacheDirFor, CACHE_DIR_ENV } from "./locate.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "shortlinks-cache-"));
  dirs.push(dir);
  return dir;
};
const entryFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));

describe("cache store", () => {
  it("gives back the values put under a key, in order", async () => {
    const cache = openCache(tempDir());
    const key = cacheKey("rows", "a.yaml", "slug: a");
    const values = [
      { links: [{ slug: "a", line: 1, tags: ["x"], ok: true, hint: null }] },
      [],
      "b",
    ];
    await cache.put(key, values);
    expect(await cache.get(key)).toEqual(values);
  });

  it("an entry holds each value on a line of its own, text with line breaks included", async () => {
    const dir = tempDir();
    const cache = openCache(dir);
    const key = cacheKey("lines");
    const values = ["one\ntwo\r\n", { text: "a\u2028b" }, ["é", 3], null];
    await cache.put(key, values);
    // The head: the format's line and the 32 bytes of the hash.
    const head = CACHE_FORMAT.length + 1 + 32;
    const body = readFileSync(entryFiles(dir)[0]).subarray(head).toString("utf8").split("\n");
    expect(body.map((line) => JSON.parse(line))).toEqual(values);
    expect(await cache.get(key)).toEqual(values);
  });

  it("an entry of more lines than one part holds reads back every line, in order", async () => {
    const cache = openCache(tempDir());
    const key = cacheKey("many lines");
    const values = Array.from({ length: 3000 }, (_, i) => [
      i,
      `${"é".repeat(i % 7)}${"x".repeat(200)}`,
    ]);
    await cache.put(key, values);
    expect(await cache.get(key)).toEqual(values);
  });

  it("an entry larger than one write holds its JSON's UTF-8 bytes whole, characters split by no chunk", async () => {
    const dir = tempDir();
    const cache = openCache(dir);
    const key = cacheKey("large");
    // Two- to four-byte characters at every offset, past several chunks of the entry's writes.
    const value = Array.from({ length: 300_000 }, (_, i) => `${"x".repeat(i % 4)}é€😀${i}`);
    await cache.put(key, [value]);
    const [file] = entryFiles(dir);
    const bytes = readFileSync(file);
    expect(bytes.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(bytes.subarray(bytes.length - 1024 * 1024).toString("utf8")).toBe(
      Buffer.from(JSON.stringify(value))
        .subarray(-1024 * 1024)
        .toString("utf8"),
    );
    expect(await cache.get(key)).toEqual([value]);
  });

  it("a key is the hash of its parts: other parts, or the same text split otherwise, give another key", () => {
    expect(cacheKey("ab", "c")).not.toBe(cacheKey("a", "bc"));
    expect(cacheKey("a.yaml", "x")).not.toBe(cacheKey("a.yaml", "y"));
    expect(cacheKey("a.yaml", "x")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("an entry whose bytes were changed is not trusted: get answers nothing", async () => {
    const dir = tempDir();
    const cache = openCache(dir);
    const key = cacheKey("tampered");
    await cache.put(key, [{ target: "https://good.example/" }]);
    const [file] = entryFiles(dir);
    const bytes = readFileSync(file);
    const at = bytes.indexOf(Buffer.from("good"));
    expect(at).toBeGreaterThan(0);
    bytes.write("evil", at);
    writeFileSync(file, bytes);
    expect(await cache.get(key)).toBeUndefined();
  });

  it("a truncated entry, or one in another format, answers nothing", async () => {
    const dir = tempDir();
    const cache = openCache(dir);
    const [a, b] = [cacheKey("a"), cacheKey("b")];
    await cache.put(a, ["a value long enough to cut"]);
    await cache.put(b, ["b"]);
    const [fileA, fileB] = [a, b].map((k) => entryFiles(dir).find((f) => f.includes(k)) as string);
    writeFileSync(fileA, readFileSync(fileA).subarray(0, -5));
    writeFileSync(fileB, "shortlinks-cache-0\n" + readFileSync(fileB).toString("latin1"));
    expect(await cache.get(a)).toBeUndefined();
    expect(await cache.get(b)).toBeUndefined();
  });

  it("an entry copied under another key is not read as that key's", async () => {
    const dir = tempDir();
    const cache = openCache(dir);
    const [a, b] = [cacheKey("a"), cacheKey("b")];
    await cache.put(a, ["value of a"]);
    await cache.put(b, ["value of b"]);
    const [fileA, fileB] = [a, b].map((k) => entryFiles(dir).find((f) => f.includes(k)) as string);
    writeFileSync(fileB, readFileSync(fileA));
    expect(await cache.get(b)).toBeUndefined();
    expect(await cache.get(a)).toEqual(["value of a"]);
  });

  it("writes leave no temporary files beside the entries", async () => {
    const dir = tempDir();
    const cache = openCache(dir);
    for (let i = 0; i < 5; i++) await cache.put(cacheKey(String(i)), [i]);
    expect(entryFiles(dir).every((f) => f.endsWith(".bin"))).toBe(true);
    expect(entryFiles(dir)).toHaveLength(5);
  });

  it("pruning removes the least recently used entries until the folder fits its bound", async () => {
    const dir = tempDir();
    const cache = openCache(dir);
    const keys = ["old", "middle", "new"].map((k) => cacheKey(k));
    for (const [i, key] of keys.entries()) {
      await cache.put(key, ["x".repeat(1000)]);
      const file = entryFiles(dir).find((f) => f.includes(key)) as string;
      utimesSync(file, 1000 + i, 1000 + i);
    }
    const size = statSync(entryFiles(dir)[0]).size;
    await pruneCache(dir, size * 2);
    expect(await cache.get(keys[0])).toBeUndefined();
    expect(await cache.get(keys[1])).toEqual(["x".repeat(1000)]);
    expect(await cache.get(keys[2])).toEqual(["x".repeat(1000)]);
  });

  it("lives where SHORTLINKS_CACHE_DIR says, else in the nearest node_modules/.cache, else nowhere", () => {
    const top = tempDir();
    const inner = join(top, "a", "b");
    expect(cacheDirFor(inner, { [CACHE_DIR_ENV]: join(top, "c") })).toBe(join(top, "c"));
    const none = cacheDirFor(inner, {});
    // Some folder above the temporary one may hold node_modules; the instance's own never does here.
    expect(none === null || !none.startsWith(top)).toBe(true);
    mkdirSync(join(top, "a", "node_modules"), { recursive: true });
    expect(cacheDirFor(inner, {})).toBe(join(top, "a", "node_modules", ".cache", "shortlinks"));
  });

  it("with nowhere to keep it, a store keeps nothing: every entry is missing", async () => {
    const store = runOnlyCache();
    const key = cacheKey("kept");
    await store.put(key, [{ rows: [1, 2] }]);
    expect(await store.get(key)).toBeUndefined();
    await store.prune();
  });
});
