import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeBehind } from "./write-behind.js";

const folder = () => mkdtempSync(join(tmpdir(), "shortlinks-write-behind-"));
const text = (i: number) => `file ${i}: é ✓ 𝄞 ${"x".repeat(i % 50)}\n`;

describe("writeBehind", () => {
  it.each([
    ["on the caller's thread, below the threshold", Infinity],
    ["on the writer thread, past it", 0],
    ["on both, the threshold crossed half way", 3_000],
  ])("writes every file with its exact bytes %s", async (_, threadFromBytes) => {
    const dir = folder();
    const out = writeBehind({ threadFromBytes });
    for (let i = 0; i < 200; i++) out.write(join(dir, `${i}.txt`), text(i));
    const bytes = Uint8Array.from([0, 1, 2, 255]);
    out.write(join(dir, "bytes.bin"), bytes);
    bytes[0] = 9; // the caller's array is its own again once handed over
    await out.settle();
    expect(readdirSync(dir)).toHaveLength(201);
    for (const i of [0, 1, 99, 199])
      expect(readFileSync(join(dir, `${i}.txt`), "utf8")).toBe(text(i));
    expect([...readFileSync(join(dir, "bytes.bin"))]).toEqual([0, 1, 2, 255]);
  });

  it("a Buffer handed over leaves its pool, and every Buffer sharing it, to the caller", async () => {
    const dir = folder();
    const out = writeBehind({ threadFromBytes: 0 });
    const pooled = Buffer.from("from the pool");
    const neighbour = Buffer.from("its neighbour");
    expect(pooled.buffer).toBe(neighbour.buffer); // both small: slices of one pool
    out.write(join(dir, "pooled.txt"), pooled);
    await out.settle();
    expect(readFileSync(join(dir, "pooled.txt"), "utf8")).toBe("from the pool");
    expect(neighbour.toString()).toBe("its neighbour");
    expect(pooled.toString()).toBe("from the pool");
  });

  it("a caller faster than the disk waits for room instead of holding every file", async () => {
    const dir = folder();
    const out = writeBehind({ threadFromBytes: 0, maxQueuedBytes: 64 });
    for (let i = 0; i < 500; i++) out.write(join(dir, `${i}.txt`), text(i));
    await out.settle();
    expect(readdirSync(dir)).toHaveLength(500);
    expect(readFileSync(join(dir, "499.txt"), "utf8")).toBe(text(499));
  });

  it("a file larger than the writer thread's own heap is written whole", async () => {
    const dir = folder();
    const out = writeBehind({ threadFromBytes: 0 });
    const big = new Uint8Array(48 * 1024 * 1024).fill(7);
    big[big.length - 1] = 1;
    out.write(join(dir, "big.bin"), big);
    await out.settle();
    const back = readFileSync(join(dir, "big.bin"));
    expect(back.length).toBe(big.length);
    expect([back[0], back[back.length - 1]]).toEqual([7, 1]);
  });

  it("a text larger than the writer thread's own heap is written whole, as UTF-8", async () => {
    const dir = folder();
    const out = writeBehind({ threadFromBytes: 0 });
    const big = "é".repeat(24 * 1024 * 1024) + "✓";
    out.write(join(dir, "big.txt"), big);
    await out.settle();
    const back = readFileSync(join(dir, "big.txt"));
    expect(back.length).toBe(2 * 24 * 1024 * 1024 + 3);
    expect(back.toString("utf8", back.length - 5)).toBe("é✓");
  });

  it.each([
    ["on the writer thread", 0],
    ["on the caller's thread", Infinity],
  ])(
    "a file that cannot be written fails settle with its error, %s",
    async (_, threadFromBytes) => {
      const dir = folder();
      const out = writeBehind({ threadFromBytes });
      out.write(join(dir, "0.txt"), "kept");
      out.write(join(dir, "no-such-folder", "1.txt"), "lost");
      out.write(join(dir, "2.txt"), "after the failure");
      const error = (await out.settle().catch((e: unknown) => e)) as NodeJS.ErrnoException;
      expect(error.code).toBe("ENOENT");
      expect(error.path).toBe(join(dir, "no-such-folder", "1.txt"));
      expect(readdirSync(dir)).toEqual(["0.txt"]);
    },
  );
});
