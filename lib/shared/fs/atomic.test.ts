import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type FileHandle } from "node:fs/promises";
import { writeFileAtomic } from "./atomic.js";

const folder = () => mkdtempSync(join(tmpdir(), "shortlinks-atomic-"));
/** A writer of `parts` one after the other, each from where the last one ended. */
const inTurn = (parts: readonly Uint8Array[]) => async (temp: FileHandle) => {
  for (const part of parts) await temp.writeFile(part);
};

describe("writeFileAtomic", () => {
  it.each([
    ["a text", "é ✓ 𝄞\n", "é ✓ 𝄞\n"],
    ["bytes", Uint8Array.from([0, 1, 255]), "\u0000\u0001\ufffd"],
    [
      "bytes in parts, one after the other",
      inTurn([Buffer.from("head\n"), Buffer.from("body é")]),
      "head\nbody é",
    ],
  ])("replaces the file with %s and leaves no temp file", async (_, content, expected) => {
    const dir = folder();
    const file = join(dir, "out.txt");
    writeFileSync(file, "the old content, longer than the new one\n");
    await writeFileAtomic(file, content);
    expect(readFileSync(file, "utf8")).toBe(expected);
    expect(readdirSync(dir)).toEqual(["out.txt"]);
  });

  it("a writer given the temp file writes it as it goes, overwriting its start last", async () => {
    const dir = folder();
    const file = join(dir, "out.txt");
    writeFileSync(file, "the old content, longer than the new one\n");
    await writeFileAtomic(file, async (temp) => {
      await temp.writeFile("....");
      await temp.writeFile(" body\n");
      await temp.write(Buffer.from("head"), 0, 4, 0);
    });
    expect(readFileSync(file, "utf8")).toBe("head body\n");
    expect(readdirSync(dir)).toEqual(["out.txt"]);
  });

  it("a writer that fails midway leaves the old file and no temp file", async () => {
    const dir = folder();
    const file = join(dir, "out.txt");
    writeFileSync(file, "kept\n");
    const failing = async (temp: FileHandle) => {
      await temp.writeFile("half of it");
      throw new Error("the writer failed");
    };
    await expect(writeFileAtomic(file, failing)).rejects.toThrow("the writer failed");
    expect(readFileSync(file, "utf8")).toBe("kept\n");
    expect(readdirSync(dir)).toEqual(["out.txt"]);
  });

  it("writes the same bytes without the flush to disk (sync: false)", async () => {
    const dir = folder();
    const file = join(dir, "entry.bin");
    const parts = [Buffer.from("a"), Buffer.alloc(3 * 1024 * 1024, 7), Buffer.from("z")];
    await writeFileAtomic(file, inTurn(parts), { sync: false });
    expect(readFileSync(file).equals(Buffer.concat(parts))).toBe(true);
    expect(readdirSync(dir)).toEqual(["entry.bin"]);
  });

  it("a failed write leaves the old file and no temp file", async () => {
    const dir = folder();
    const file = join(dir, "out.txt");
    writeFileSync(file, "kept\n");
    const bad = [
      Buffer.from("part"),
      "not bytes" as unknown as Uint8Array,
      5 as unknown as Uint8Array,
    ];
    await expect(writeFileAtomic(file, inTurn(bad))).rejects.toThrow();
    expect(readFileSync(file, "utf8")).toBe("kept\n");
    expect(readdirSync(dir)).toEqual(["out.txt"]);
  });
});
