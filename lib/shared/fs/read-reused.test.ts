/** A file read into the kept buffer: its own bytes every time, whatever was read before or beside it. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readFileBytes, withFileBytes } from "./read-reused.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function files(contents: Record<string, Buffer>): (name: string) => string {
  const dir = mkdtempSync(join(tmpdir(), "shortlinks-read-"));
  dirs.push(dir);
  for (const [name, bytes] of Object.entries(contents)) writeFileSync(join(dir, name), bytes);
  return (name) => join(dir, name);
}

const filled = (length: number, byte: number) => Buffer.alloc(length, byte);

describe("withFileBytes", () => {
  it("hands each file's own bytes, larger after smaller and smaller after larger", async () => {
    const sizes = { small: 10, large: 3 * 1024 * 1024 + 7, middle: 1024 * 1024, empty: 0 };
    const contents = Object.fromEntries(
      Object.entries(sizes).map(([name, size], i) => [name, filled(size, 97 + i)]),
    );
    const path = files(contents);
    for (const name of ["small", "large", "middle", "small", "empty", "large"])
      expect(await withFileBytes(path(name), (bytes) => bytes.equals(contents[name]))).toBe(true);
  });

  it("two reads at once each get their own bytes", async () => {
    const path = files({ a: filled(2 * 1024 * 1024, 1), b: filled(2 * 1024 * 1024, 2) });
    const [a, b] = await Promise.all(
      ["a", "b"].map((name) => withFileBytes(path(name), (bytes) => Buffer.from(bytes))),
    );
    expect(a.every((byte) => byte === 1)).toBe(true);
    expect(b.every((byte) => byte === 2)).toBe(true);
  });

  it("bytes not yet released are never filled by a later read; released, their buffer is", async () => {
    const path = files({ a: filled(1000, 1), b: filled(1000, 2), c: filled(1000, 3) });
    const a = await readFileBytes(path("a"));
    const b = await readFileBytes(path("b"));
    expect(a.bytes.every((byte) => byte === 1)).toBe(true);
    expect(b.bytes.every((byte) => byte === 2)).toBe(true);
    a.release();
    a.release(); // a second release hands nothing on twice
    const c = await readFileBytes(path("c"));
    const d = await readFileBytes(path("a"));
    expect(c.bytes.buffer === a.bytes.buffer || d.bytes.buffer === a.bytes.buffer).toBe(true);
    expect(c.bytes.buffer).not.toBe(d.bytes.buffer);
    expect(b.bytes.every((byte) => byte === 2)).toBe(true);
    for (const read of [b, c, d]) read.release();
  });

  it("a missing file rejects, and the next read still works", async () => {
    const path = files({ a: filled(5, 3) });
    await expect(withFileBytes(path("missing"), (bytes) => bytes.length)).rejects.toThrow();
    expect(await withFileBytes(path("a"), (bytes) => bytes.length)).toBe(5);
  });
});
