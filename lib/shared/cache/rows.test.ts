/** Checked rows handed from one side of a diff to the next: an unchanged file is not read again. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openCache } from "./store.js";
import { cachedFileRows, handRowsToNextSide, sourceKey } from "./rows.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const cache = () => {
  const dir = mkdtempSync(join(tmpdir(), "shortlinks-rows-"));
  dirs.push(dir);
  return openCache(dir);
};
const rowsOf = (text: string) => () => ({ links: [{ slug: text }] });

describe("checked rows handed to the next side", () => {
  it("the next side gets the same rows for a file with the same bytes, without reading its entry", async () => {
    const store = cache();
    const hand = handRowsToNextSide(store);
    const first = await cachedFileRows(store, "a.csv", sourceKey("a.csv", "a"), rowsOf("a"));
    rmSync(store.dir, { recursive: true, force: true });
    const second = await cachedFileRows(store, "a.csv", sourceKey("a.csv", "a"), () => ({
      links: [{ slug: "again" }],
    }));
    hand.stop();
    expect(second).toBe(first);
  });

  it("the last side keeps nothing: a third read of the file is its own", async () => {
    const store = cache();
    const hand = handRowsToNextSide(store);
    const first = await cachedFileRows(store, "a.csv", sourceKey("a.csv", "a"), rowsOf("a"));
    hand.lastSide();
    expect(await cachedFileRows(store, "a.csv", sourceKey("a.csv", "a"), rowsOf("a"))).toBe(first);
    const third = await cachedFileRows(store, "a.csv", sourceKey("a.csv", "a"), rowsOf("a"));
    hand.stop();
    expect(third).toEqual(first);
    expect(third).not.toBe(first);
  });

  it("a file whose bytes changed is read as its own; the other side's rows are not answered", async () => {
    const store = cache();
    const hand = handRowsToNextSide(store);
    await cachedFileRows(store, "a.csv", sourceKey("a.csv", "a"), rowsOf("a"));
    const changed = await cachedFileRows(store, "a.csv", sourceKey("a.csv", "b"), rowsOf("b"));
    hand.stop();
    expect(changed).toEqual({ links: [{ slug: "b" }] });
  });

  it("once stopped, nothing is handed on: the entry is read and parsed again", async () => {
    const store = cache();
    const hand = handRowsToNextSide(store);
    const first = await cachedFileRows(store, "a.csv", sourceKey("a.csv", "a"), rowsOf("a"));
    hand.stop();
    const again = await cachedFileRows(store, "a.csv", sourceKey("a.csv", "a"), rowsOf("fresh"));
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });

  it("without a hand-over (check --against's full check), rows are never kept in memory", async () => {
    const store = cache();
    const first = await cachedFileRows(store, "a.csv", sourceKey("a.csv", "a"), rowsOf("a"));
    const again = await cachedFileRows(store, "a.csv", sourceKey("a.csv", "a"), rowsOf("fresh"));
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });
});
