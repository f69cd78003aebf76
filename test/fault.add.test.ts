/**
 * Fault injection for `add`, through the built CLI as separate processes:
 * - CONCURRENT_YAML + CONCURRENT_CSV adds started at once: every row survives, none twice;
 * - KILLS runs killed with SIGKILL at random moments (half at a uniform time over a whole add,
 *   half at a random moment while the writer holds the lock): the source file is always the old
 *   text or parses to the old rows plus the new one, and the next add takes over the dead lock.
 * The figures (rows lost, kill points, files damaged) are printed at the end.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSourceRows } from "../lib/stages/1-sources/links/source-file.js";
import { REPO } from "./support/build-instance.js";
import { killAfter, runCli, startCli, waitUntil } from "./support/processes.js";

/** Small by default to keep the suite fast; FAULT_CONCURRENT and FAULT_KILLS run a longer campaign. */
const CONCURRENT_YAML = Number(process.env.FAULT_CONCURRENT ?? 8);
const CONCURRENT_CSV = Math.ceil(CONCURRENT_YAML / 4);
const KILLS = Number(process.env.FAULT_KILLS ?? 10);

const YAML = "custom/links/links.yaml";
const LOCK = "custom/links/.shortlinks-add.lock";
let work: string;
const figures: string[] = [];

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "shortlinks-fault-add-"));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  for (const line of figures) console.log(`fault injection (add): ${line}`);
});

function instance(name: string): string {
  const root = join(work, name);
  cpSync(join(REPO, "fixtures", "valid-basic", "custom"), join(root, "custom"), {
    recursive: true,
  });
  return root;
}

const rowsOf = (root: string, file: string) =>
  readSourceRows(readFileSync(join(root, file), "utf8"), file).rows.map((r) => r.value);

describe("fault injection: add", () => {
  it(`${CONCURRENT_YAML} YAML and ${CONCURRENT_CSV} CSV adds at once: no row lost`, async () => {
    const root = instance("concurrent");
    const CSV = "custom/links/more.csv";
    const before = rowsOf(root, YAML).length;
    const runs = await Promise.all([
      ...Array.from({ length: CONCURRENT_YAML }, (_, i) =>
        runCli(["add", `c-yaml-${i}`, `https://example.com/y/${i}`], root),
      ),
      ...Array.from({ length: CONCURRENT_CSV }, (_, i) =>
        runCli(["add", `c-csv-${i}`, `https://example.com/c/${i}`, "--file", CSV], root),
      ),
    ]);
    expect(runs.map((r) => [r.code, r.err])).toEqual(runs.map(() => [0, ""]));
    const yamlSlugs = rowsOf(root, YAML).map((r) => (r as { slug: string }).slug);
    const csvSlugs = rowsOf(root, CSV).map((r) => (r as { slug: string }).slug);
    const wanted = [
      ...Array.from({ length: CONCURRENT_YAML }, (_, i) => `c-yaml-${i}`),
      ...Array.from({ length: CONCURRENT_CSV }, (_, i) => `c-csv-${i}`),
    ];
    const found = [...yamlSlugs, ...csvSlugs];
    const lost = wanted.filter((slug) => !found.includes(slug));
    figures.push(
      `${wanted.length} concurrent adds (${CONCURRENT_YAML} YAML, ${CONCURRENT_CSV} CSV), ${lost.length} rows lost`,
    );
    expect(lost).toEqual([]);
    expect(yamlSlugs.length).toBe(before + CONCURRENT_YAML);
    expect(new Set(found).size).toBe(found.length);
    expect(existsSync(join(root, LOCK))).toBe(false);
  }, 180_000);

  it(`kill -9 at ${KILLS} random moments: the source is always complete and parses`, async () => {
    const root = instance("kills");
    // One full add measures how long an add takes and how long it holds the lock.
    const timing = startCli(["add", "measure", "https://example.com/m"], root);
    const sawLock = await waitUntil(() => existsSync(join(root, LOCK)), timing.child, 30_000);
    const lockSeen = Date.now();
    const measured = await timing.done;
    expect(measured.code).toBe(0);
    const held = sawLock ? Math.max(20, Date.now() - lockSeen) : measured.ms / 2;

    let text = readFileSync(join(root, YAML), "utf8");
    const outcome = { unchanged: 0, added: 0, damaged: 0, lockLeft: 0, inLock: 0 };
    for (let i = 0; i < KILLS; i++) {
      const old = rowsOf(root, YAML);
      const row = { slug: `k-${i}`, target: `https://example.com/k/${i}` };
      const run = startCli(["add", row.slug, row.target], root);
      if (i % 2 === 0) {
        await killAfter(run, Math.random() * measured.ms * 1.1);
      } else {
        const inside = await waitUntil(() => existsSync(join(root, LOCK)), run.child, 30_000);
        if (inside) outcome.inLock++;
        await killAfter(run, Math.random() * held * 1.2);
      }
      const now = readFileSync(join(root, YAML), "utf8");
      if (now === text) outcome.unchanged++;
      else if (isDeepStrictEqual(rowsOf(root, YAML), [...old, row])) outcome.added++;
      else outcome.damaged++;
      if (existsSync(join(root, LOCK))) outcome.lockLeft++;
      text = now;
    }
    // The next add takes over whatever lock a killed one left, and cleans its temp files.
    const after = await runCli(["add", "after", "https://example.com/after"], root);
    expect([after.code, after.err]).toEqual([0, ""]);
    expect(existsSync(join(root, LOCK))).toBe(false);
    expect(readdirSync(join(root, "custom", "links")).filter((f) => f.endsWith(".tmp"))).toEqual(
      [],
    );
    figures.push(
      `${KILLS} kill points (${outcome.inLock} while holding the lock), ${outcome.damaged} files damaged; ` +
        `${outcome.unchanged} left the file as it was, ${outcome.added} after the row was in, ` +
        `${outcome.lockLeft} left a dead lock that the next add took over`,
    );
    expect(outcome.damaged).toBe(0);
    expect(outcome.unchanged + outcome.added).toBe(KILLS);
    const check = await runCli(["check"], root);
    expect(check.out).not.toMatch(/SL1\d\d/);
  }, 180_000);
});
