/**
 * Checked rows handed from one side of a diff to the next: an unchanged file is not read again,
 * and checked rows are never kept on disk.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openCache } from "./store.js";
import { handedFileRows, handRowsToNextSide, sourceKey } from "./rows.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const cache = () => {
  const dir = mkdtempSync(join(tmpdir(), "shortlinks-rows-"));
  dirs.push(dir);
  return openCache(dir);
};
const rowsOf = (text: string) => () => ({ links: [{ slug: text }] });

describe("checked rows handed to the next side", () => {
  it("the next side gets the same rows for a file with the same bytes, without reading it", () => {
    const store = cache();
    const hand = handRowsToNextSide(store);
    const first = handedFileRows(store, "a.csv", sourceKey("a.csv", "a"), rowsOf("a"));
    const second = handedFileRows(store, "a.csv", sourceKey("a.csv", "a"), () => ({
      links: [{ slug: "again" }],
    }));
    hand.stop();
    expect(second).toBe(first);
  });

  it("the last side keeps nothing: a third read of the file is its own", () => {
    const store = cache();
    const hand = handRowsToNextSide(store);
    const first = handedFileRows(store, "a.csv", sourceKey("a.csv", "a"), rowsOf("a"));
    hand.lastSide();
    expect(handedFileRows(store, "a.csv", sourceKey("a.csv", "a"), rowsOf("a"))).toBe(first);
    const third = handedFileRows(store, "a.csv", sourceKey("a.csv", "a"), rowsOf("a"));
    hand.stop();
    expect(third).toEqual(first);
    expect(third).not.toBe(first);
  });

  it("a file whose bytes changed is read as its own; the other side's rows are not answered", () => {
    const store = cache();
    const hand = handRowsToNextSide(store);
    handedFileRows(store, "a.csv", sourceKey("a.csv", "a"), rowsOf("a"));
    const changed = handedFileRows(store, "a.csv", sourceKey("a.csv", "b"), rowsOf("b"));
    hand.stop();
    expect(changed).toEqual({ links: [{ slug: "b" }] });
  });

  it("once stopped, nothing is handed on: the file is read and parsed again", () => {
    const store = cache();
    const hand = handRowsToNextSide(store);
    const first = handedFileRows(store, "a.csv", sourceKey("a.csv", "a"), rowsOf("a"));
    hand.stop();
    const again = handedFileRows(store, "a.csv", sourceKey("a.csv", "a"), rowsOf("fresh"));
    expect(first).toEqual({ links: [{ slug: "a" }] });
    expect(again).toEqual({ links: [{ slug: "fresh" }] });
  });

  it("without a hand-over (check --against's full check), rows are never kept in memory", () => {
    const store = cache();
    const first = handedFileRows(store, "a.csv", sourceKey("a.csv", "a"), rowsOf("a"));
    const again = handedFileRows(store, "a.csv", sourceKey("a.csv", "a"), rowsOf("fresh"));
    expect(first).toEqual({ links: [{ slug: "a" }] });
    expect(again).toEqual({ links: [{ slug: "fresh" }] });
  });

  it("checked rows are never written to the cache's folder", () => {
    const store = cache();
    const hand = handRowsToNextSide(store);
    handedFileRows(store, "a.csv", sourceKey("a.csv", "a"), rowsOf("a"));
    hand.lastSide();
    handedFileRows(store, "b.csv", sourceKey("b.csv", "b"), rowsOf("b"));
    hand.stop();
    handedFileRows(store, "a.csv", sourceKey("a.csv", "a"), rowsOf("a"));
    expect(readdirSync(store.dir)).toEqual([]);
  });
});
