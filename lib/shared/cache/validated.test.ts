/** The validated-rows memo: answers a file's rows from its entry, except rows with routes, which read the clock. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openCache } from "./store.js";
import { contextKey, validatedMemo } from "./validated.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const cache = () => {
  const dir = mkdtempSync(join(tmpdir(), "shortlinks-validated-"));
  dirs.push(dir);
  return openCache(dir);
};
const context = (site: unknown) =>
  contextKey({
    site,
    policy: {},
    staticPaths: [],
    zones: [],
    domains: undefined,
    publicFiles: new Map(),
  });

describe("validated rows memo", () => {
  const rows = [
    { file: "custom/links/a.yaml", slug: "a" },
    { file: "custom/links/a.yaml", slug: "timed", routes: [{ when: "later" }] },
    { file: "custom/links/a.yaml", slug: "c" },
  ];
  const keys = new Map([["custom/links/a.yaml", "0".repeat(64)]]);

  it("a second run answers from the entry, and validates rows with routes again", async () => {
    const store = cache();
    const runs: string[][] = [];
    for (let i = 0; i < 2; i++) {
      const computed: string[] = [];
      const memo = await validatedMemo<string>(store, rows, keys, context({ a: 1 }));
      const answers = rows.map((row) =>
        memo(row, () => {
          computed.push(row.slug);
          return `${row.slug} run ${i}`;
        }),
      );
      await memo.save();
      runs.push(computed);
      if (i === 1) expect(answers).toEqual(["a run 0", "timed run 1", "c run 0"]);
    }
    expect(runs).toEqual([["a", "timed", "c"], ["timed"]]);
  });

  it("another context (site.yaml, blocklist, ...) is another entry: nothing is answered from the first", async () => {
    const store = cache();
    const first = await validatedMemo<string>(store, rows, keys, context({ a: 1 }));
    rows.forEach((row) => first(row, () => "first"));
    await first.save();
    const second = await validatedMemo<string>(store, rows, keys, context({ a: 2 }));
    expect(rows.map((row) => second(row, () => "second"))).toEqual(["second", "second", "second"]);
  });

  it("an entry with another number of rows than the file has now is not used", async () => {
    const store = cache();
    const first = await validatedMemo<string>(store, rows, keys, context({}));
    rows.forEach((row) => first(row, () => "first"));
    await first.save();
    const fewer = rows.slice(0, 2);
    const second = await validatedMemo<string>(store, fewer, keys, context({}));
    expect(fewer.map((row) => second(row, () => "again"))).toEqual(["again", "again"]);
  });

  it("a row from no cached source (one `add` brings) is validated, never looked up", async () => {
    const store = cache();
    const memo = await validatedMemo<string>(store, [], keys, context({}));
    expect(memo({ file: "(new row)" }, () => "fresh")).toBe("fresh");
  });

  it("the second side of a run gets the first side's objects for the same entry, without reading it again", async () => {
    const store = cache();
    const made = await validatedMemo<{ slug: string }>(store, rows, keys, context({}));
    const first = rows.map((row) => made(row, () => ({ slug: row.slug })));
    await made.save();
    rmSync(store.dir, { recursive: true, force: true });
    const again = await validatedMemo<{ slug: string }>(store, rows, keys, context({}));
    const second = rows.map((row) => again(row, () => ({ slug: `${row.slug} again` })));
    expect(second[0]).toBe(first[0]);
    expect(second[2]).toBe(first[2]);
    expect(second[1]).toEqual({ slug: "timed again" });
  });

  it("another store (another run) shares nothing: its entry is read and parsed", async () => {
    const store = cache();
    const made = await validatedMemo<{ slug: string }>(store, rows, keys, context({}));
    const first = rows.map((row) => made(row, () => ({ slug: row.slug })));
    await made.save();
    const other = await validatedMemo<{ slug: string }>(
      openCache(store.dir),
      rows,
      keys,
      context({}),
    );
    const second = rows.map((row) => other(row, () => ({ slug: "fresh" })));
    expect(second[0]).toEqual(first[0]);
    expect(second[0]).not.toBe(first[0]);
  });
});
