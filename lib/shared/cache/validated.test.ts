/**
 * The validated rows: a file its entry answers is not read as rows (its whole rows only where
 * validation reads beyond their answer), rows with routes are validated again, and an entry is
 * made only of a file's own rows.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { siteContext } from "../../../test/support/site-context.js";
import { afterEach, describe, expect, it } from "vitest";
import { openCache, runOnlyCache, type CacheStore } from "./store.js";
import { validatedRows, type Row } from "./validated.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const cache = () => {
  const dir = mkdtempSync(join(tmpdir(), "shortlinks-validated-"));
  dirs.push(dir);
  return openCache(dir);
};
const context = siteContext;
/** The key of the one entry in `store`'s folder. */
const keyOf = (store: CacheStore) =>
  readdirSync(store.dir, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith(".bin"))
    .map((name) => name.slice(-68, -4))[0];

interface TestRow extends Row {
  slug: string;
  successor?: string;
}
const FILE = "custom/links/a.yaml";
const KEY = "0".repeat(64);
const ROWS: TestRow[] = [
  { file: FILE, slug: "a" },
  { file: FILE, slug: "timed", routes: [{ when: "later" }] },
  { file: FILE, slug: "c", successor: "a" },
  { file: FILE, slug: "d" },
];
const needsRow = (row: TestRow) => row.routes !== undefined || row.successor !== undefined;
interface TestAnswer {
  record?: { slug: string };
  diagnostics: string[];
}
/** A row's answer: "c" has a problem, "d" no record. */
const answer = (row: TestRow): TestAnswer =>
  row.slug === "d"
    ? { diagnostics: ["refused"] }
    : { record: { slug: row.slug }, diagnostics: row.slug === "c" ? ["warned"] : [] };

/**
 * One side as compile runs it: the file answered by its entry or read as `rows`, then each row
 * through the memo. Returns the answers, the rows computed, and the rows validation was given.
 */
async function side(
  store: CacheStore,
  options: { site?: unknown; rows?: TestRow[]; extra?: TestRow[] } = {},
) {
  const rows = options.rows ?? ROWS;
  const lookup = validatedRows<TestAnswer, TestRow>(store, context(options.site ?? {}), needsRow);
  const answered = await lookup.standIns(FILE, KEY);
  if (answered === undefined) lookup.read(FILE, KEY, { diagnostics: ["read"], rows: rows.length });
  const given = [...(answered?.links ?? rows), ...(options.extra ?? [])];
  const memo = await lookup.memo();
  const computed: string[] = [];
  const answers = given.map((row) =>
    memo(row, () => {
      computed.push(row.slug);
      return answer(row);
    }),
  );
  await memo.save();
  return { answered, given, answers, computed };
}

describe("validated rows", () => {
  it("a second run answers from the entry, and validates rows with routes again from their whole row", async () => {
    const store = cache();
    const first = await side(store);
    expect(first.answered).toBeUndefined();
    expect(first.computed).toEqual(["a", "timed", "c", "d"]);
    const second = await side(openCache(store.dir));
    expect(second.computed).toEqual(["timed"]);
    expect(second.answers).toEqual(first.answers);
  });

  it("an entry writes each record's file, and a key spelled as its slug, as 0; read back, each is the one string again, in its place", async () => {
    const store = cache();
    const rows: TestRow[] = [
      { file: FILE, slug: "Docs" },
      { file: FILE, slug: "kb" },
    ];
    const record = (row: TestRow) => ({
      kind: "exact",
      key: row.slug.toLowerCase(),
      slug: row.slug,
      file: row.file,
      line: 2,
    });
    const run = async (dir: CacheStore) => {
      const lookup = validatedRows<TestAnswer, TestRow>(dir, context({}), needsRow);
      const answered = await lookup.standIns(FILE, KEY);
      if (answered === undefined) lookup.read(FILE, KEY, { diagnostics: [], rows: rows.length });
      const memo = await lookup.memo();
      const answers = (answered?.links ?? rows).map((row, i) =>
        memo(row, () => ({ record: record(rows[i]), diagnostics: [] })),
      );
      await memo.save();
      return answers.map((a) => a.record as Record<string, unknown>);
    };
    const written = await run(store);
    const [entry] = readdirSync(store.dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => readFileSync(join(e.parentPath, e.name), "latin1"));
    expect(entry).toContain('{"kind":"exact","key":"docs","slug":"Docs","file":0,"line":2}');
    expect(entry).toContain('{"kind":"exact","key":0,"slug":"kb","file":0,"line":2}');
    const read = await run(openCache(store.dir));
    expect(read).toEqual(written);
    expect(read.map((r) => Object.keys(r))).toEqual(written.map((r) => Object.keys(r)));
    expect(read[1].key).toBe(read[1].slug);
  });

  it("a file its entry answers is not read: its read problems come from the entry, and only rows validation reads beyond their answer are whole", async () => {
    const store = cache();
    await side(store);
    const { answered } = await side(openCache(store.dir));
    expect(answered?.diagnostics).toEqual(["read"]);
    const links = answered?.links ?? [];
    expect(links.map((row) => (row as Partial<TestRow>).slug)).toEqual([
      undefined,
      "timed",
      "c",
      undefined,
    ]);
    expect(links[0]).toEqual({ file: FILE });
    expect(links[3]).toBe(links[0]);
    expect(links[2]).toMatchObject({ file: FILE, successor: "a" });
  });

  it("another context (site.yaml, blocklist, ...) is another entry: the file is read as rows again", async () => {
    const store = cache();
    await side(store, { site: { a: 1 } });
    const other = await side(openCache(store.dir), { site: { a: 2 } });
    expect(other.answered).toBeUndefined();
    expect(other.computed).toEqual(["a", "timed", "c", "d"]);
  });

  it("a row from no cached source (one `add` brings) is validated, never looked up", async () => {
    const store = cache();
    const run = await side(store, { extra: [{ file: "(new row)", slug: "new" }] });
    expect(run.computed).toContain("new");
  });

  it("an entry holds the file's own rows only: a row validated after them is not written into it", async () => {
    const store = cache();
    await side(store, { extra: [{ file: FILE, slug: "appended" }] });
    const again = await side(openCache(store.dir));
    expect(again.given).toHaveLength(ROWS.length);
    expect(again.computed).toEqual(["timed"]);
  });

  it("an entry whose file was not wholly validated is not written", async () => {
    const store = cache();
    const lookup = validatedRows<TestAnswer, TestRow>(store, context({}), needsRow);
    expect(await lookup.standIns(FILE, KEY)).toBeUndefined();
    lookup.read(FILE, KEY, { diagnostics: [], rows: ROWS.length });
    const memo = await lookup.memo();
    ROWS.slice(0, 2).forEach((row) => memo(row, () => answer(row)));
    await memo.save();
    expect((await side(openCache(store.dir))).answered).toBeUndefined();
  });

  it("the second side of a run gets the first side's objects for the same entry, without reading it again", async () => {
    const store = cache();
    const first = await side(store);
    rmSync(store.dir, { recursive: true, force: true });
    const second = await side(store);
    expect(second.answered).toBeDefined();
    expect(second.answers[0].record).toBe(first.answers[0].record);
    expect(second.answers[2].record).toBe(first.answers[2].record);
    expect(second.computed).toEqual(["timed"]);
  });

  it("another store (another run) shares nothing: its entry is read and parsed", async () => {
    const store = cache();
    const first = await side(store);
    const other = await side(openCache(store.dir));
    expect(other.answers).toEqual(first.answers);
    expect(other.answers[0].record).not.toBe(first.answers[0].record);
  });

  it("an entry with an answer missing and no whole row to validate it from is not used", async () => {
    const store = cache();
    await side(store);
    const disk = openCache(store.dir);
    const stripped: CacheStore = {
      ...disk,
      get: async (key: string) => {
        const lines = await disk.get(key);
        return lines && [{ ...(lines[0] as object), full: [] }, ...lines.slice(1)];
      },
    };
    const lookup = (from: CacheStore) => validatedRows(from, context({}), needsRow);
    expect(await lookup(stripped).standIns(FILE, KEY)).toBeUndefined();
    expect(await lookup(openCache(store.dir)).standIns(FILE, KEY)).toBeDefined();
  });

  it("a store that keeps nothing is given no entry to write; the next side still takes the first's", async () => {
    let puts = 0;
    const store: CacheStore = { ...runOnlyCache(), put: async () => void puts++ };
    await side(store);
    expect(puts).toBe(0);
    const next = await side(store);
    expect(next.computed).toEqual(["timed"]);
  });

  it("an entry of many rows is kept over several lines and read back whole, in order", async () => {
    const store = cache();
    const many = Array.from({ length: 700 }, (_, i): TestRow => ({ file: FILE, slug: `s${i}` }));
    const first = await side(store, { rows: many });
    const lines = await openCache(store.dir).get(keyOf(store));
    // A head line, then the answers a few hundred to a line.
    expect(lines?.length).toBeGreaterThan(3);
    expect((lines?.[0] as { rows: number }).rows).toBe(700);
    const second = await side(openCache(store.dir), { rows: many });
    expect(second.computed).toEqual([]);
    expect(second.answers).toEqual(first.answers);
  });

  it("an entry whose lines hold fewer or more answers than its head counts is not used", async () => {
    const store = cache();
    const many = Array.from({ length: 700 }, (_, i): TestRow => ({ file: FILE, slug: `s${i}` }));
    await side(store, { rows: many });
    const disk = openCache(store.dir);
    const edited = (edit: (lines: unknown[]) => unknown[]): CacheStore => ({
      ...disk,
      get: async (key: string) => {
        const lines = await disk.get(key);
        return lines && edit(lines);
      },
    });
    const lookup = (from: CacheStore) => validatedRows(from, context({}), needsRow);
    const dropped = edited((lines) => lines.slice(0, -1));
    const doubled = edited((lines) => [...lines, lines[1]]);
    const notAList = edited((lines) => [lines[0], { rows: lines[1] }, ...lines.slice(2)]);
    for (const from of [dropped, doubled, notAList])
      expect(await lookup(from).standIns(FILE, KEY)).toBeUndefined();
    expect(await lookup(disk).standIns(FILE, KEY)).toBeDefined();
  });
});
