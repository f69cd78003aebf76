/**
 * Fault injection for the editor's verbs (set, retire, mv, rm) beside add, through the built CLI
 * as separate processes, as test/fault.add.test.ts does for add:
 * - every verb started at once on one instance (YAML and CSV rows): every change is in the files,
 *   none lost, none twice, and no lock or temp file is left;
 * - runs of set, retire, mv and rm (YAML) and set (CSV), in turn, killed with SIGKILL at random
 *   moments (half over a whole run, half while the writer holds the lock): the file is always the
 *   old text or the old rows with that one change, and the next verb takes over the dead lock;
 *   then each once more, killed the moment its new text is in the temp file beside the old.
 * The figures are printed at the end.
 */
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSourceRows } from "../lib/stages/1-sources/links/source-file.js";
import { REPO } from "./support/build-instance.js";
import { killAfter, runCli, startCli, waitUntil } from "./support/processes.js";

/** As many runs as fault.add's concurrent adds, spread over the six kinds (2 of each by default). */
const PER_KIND = Math.max(1, Math.ceil(Number(process.env.FAULT_CONCURRENT ?? 8) / 4));
const KILLS = Number(process.env.FAULT_KILLS ?? 10);

const YAML = "custom/links/links.yaml";
const CSV = "custom/links/edits.csv";
const LOCK = "custom/links/.shortlinks-add.lock";
let work: string;
const figures: string[] = [];

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "shortlinks-fault-edit-"));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  for (const line of figures) console.log(`fault injection (editor verbs): ${line}`);
});

/** valid-basic plus `count` plain rows e-0.. in YAML and c-0.. in a CSV source for the verbs. */
function instance(name: string, count: number): string {
  const root = join(work, name);
  cpSync(join(REPO, "fixtures", "valid-basic", "custom"), join(root, "custom"), {
    recursive: true,
  });
  const yaml = Array.from(
    { length: count },
    (_, i) => `- slug: e-${i}\n  target: https://example.com/e/${i}\n`,
  ).join("");
  const csv = Array.from({ length: count }, (_, i) => `c-${i},https://example.com/c/${i}\n`);
  appendFileSync(join(root, YAML), yaml);
  writeFileSync(join(root, CSV), `slug,target,title\n${csv.join("")}`);
  return root;
}

const rowsOf = (root: string, file: string) =>
  readSourceRows(readFileSync(join(root, file), "utf8"), file).rows.map(
    (r) => r.value as Record<string, unknown>,
  );
const bySlug = (rows: Record<string, unknown>[]) => new Map(rows.map((r) => [r.slug, r]));

describe("fault injection: the editor's verbs", () => {
  it(`set (YAML and CSV), retire, mv, rm and add, ${PER_KIND} of each at once: no change lost`, async () => {
    const root = instance("concurrent", 4 * PER_KIND);
    const n = PER_KIND;
    type Rows = Map<unknown, Record<string, unknown>>;
    /** Each run, and whether the files show its change (the YAML rows, the CSV rows). */
    const jobs: { args: string[]; done: (yaml: Rows, csv: Rows) => boolean }[] = [];
    for (let i = 0; i < n; i++) {
      const [retired, moved, removed] = [`e-${n + i}`, `e-${2 * n + i}`, `e-${3 * n + i}`];
      jobs.push(
        {
          args: ["set", `e-${i}`, "--title", `T${i}`],
          done: (y) => y.get(`e-${i}`)?.title === `T${i}`,
        },
        {
          args: ["set", `c-${i}`, "--title", `C${i}`],
          done: (_y, c) => c.get(`c-${i}`)?.title === `C${i}`,
        },
        {
          args: ["retire", retired, "--successor", `e-${i}`],
          done: (y) =>
            y.get(retired)?.state === "retired" && y.get(retired)?.successor === `e-${i}`,
        },
        { args: ["mv", moved, `m-${i}`, "--force"], done: (y) => y.has(`m-${i}`) && !y.has(moved) },
        { args: ["rm", removed, "--force"], done: (y) => !y.has(removed) },
        { args: ["add", `a-${i}`, `https://example.com/a/${i}`], done: (y) => y.has(`a-${i}`) },
      );
    }
    const runs = await Promise.all(jobs.map((job) => runCli(job.args, root)));
    const yaml = bySlug(rowsOf(root, YAML));
    const csv = bySlug(rowsOf(root, CSV));
    // A run either wrote its whole change, or (a machine too busy for the 30 s lock timeout)
    // was refused with SL121 and changed nothing; any other end is a failure.
    const lost = jobs.filter((job, i) => runs[i].code === 0 && !job.done(yaml, csv));
    const busy = jobs.filter((_job, i) => runs[i].code === 1 && /SL121/.test(runs[i].err));
    const halfDone = busy.filter((job) => job.done(yaml, csv));
    const failed = runs.filter((r) => r.code !== 0 && !/SL121/.test(r.err));
    figures.push(
      `${runs.length} verbs at once (6 kinds x ${n}): ${runs.length - busy.length} written, ` +
        `${busy.length} refused whole after the lock's timeout (SL121), ${lost.length} changes lost`,
    );
    expect(failed.map((r) => r.err.slice(0, 300))).toEqual([]);
    expect(lost.map((job) => job.args.join(" "))).toEqual([]);
    expect(halfDone.map((job) => job.args.join(" "))).toEqual([]);
    expect(busy.length).toBeLessThan(runs.length);
    const slugs = [...rowsOf(root, YAML), ...rowsOf(root, CSV)].map((r) => r.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(existsSync(join(root, LOCK))).toBe(false);
    expect(readdirSync(join(root, "custom", "links")).filter((f) => f.endsWith(".tmp"))).toEqual(
      [],
    );
    const check = await runCli(["check"], root);
    expect(check.out).not.toMatch(/SL1\d\d/);
  }, 300_000);

  it(`kill -9 at ${KILLS} random moments of set, retire, mv and rm, and as each writes: every source stays whole`, async () => {
    const root = instance("kills", KILLS + 7);
    type Rows = Record<string, unknown>[];
    /** The verbs in turn, each on a row of its own, and the rows its whole change leaves. */
    const kinds: {
      file: string;
      args: (i: number) => string[];
      after: (rows: Rows, i: number) => Rows;
    }[] = [
      {
        file: YAML,
        args: (i) => ["set", `e-${i + 2}`, "--title", `k-${i}`],
        after: (rows, i) =>
          rows.map((r) => (r.slug === `e-${i + 2}` ? { ...r, title: `k-${i}` } : r)),
      },
      {
        file: YAML,
        args: (i) => ["retire", `e-${i + 2}`, "--successor", "e-1"],
        after: (rows, i) =>
          rows.map((r) =>
            r.slug === `e-${i + 2}` ? { ...r, state: "retired", successor: "e-1" } : r,
          ),
      },
      {
        file: YAML,
        args: (i) => ["mv", `e-${i + 2}`, `m-${i}`, "--force"],
        after: (rows, i) =>
          rows.map((r) => (r.slug === `e-${i + 2}` ? { ...r, slug: `m-${i}` } : r)),
      },
      {
        file: YAML,
        args: (i) => ["rm", `e-${i + 2}`, "--force"],
        after: (rows, i) => rows.filter((r) => r.slug !== `e-${i + 2}`),
      },
      {
        file: CSV,
        args: (i) => ["set", `c-${i + 2}`, "--title", `k-${i}`],
        after: (rows, i) =>
          rows.map((r) => (r.slug === `c-${i + 2}` ? { ...r, title: `k-${i}` } : r)),
      },
    ];
    // One full run measures how long a verb takes and how long it holds the lock.
    const timing = startCli(["set", "e-0", "--title", "measure"], root);
    const sawLock = await waitUntil(() => existsSync(join(root, LOCK)), timing.child, 30_000);
    const lockSeen = Date.now();
    const measured = await timing.done;
    expect(measured.code).toBe(0);
    const held = sawLock ? Math.max(20, Date.now() - lockSeen) : measured.ms / 2;

    const outcome = { unchanged: 0, changed: 0, damaged: 0, lockLeft: 0, inLock: 0, atTemp: 0 };
    const damaged: string[] = [];
    /** The source's own temp file (`.links.yaml.<hex>.tmp`), not the lock's. */
    const tempSeen = (file: string) => () =>
      readdirSync(join(root, "custom", "links")).some(
        (f) => f.startsWith(`.${basename(file)}.`) && f.endsWith(".tmp"),
      );
    // KILLS kill points, then one per kind the moment its new text is on disk beside the old.
    for (let i = 0; i < KILLS + kinds.length; i++) {
      // Each kind in turn; with an odd number of kinds each meets both kinds of random kill point.
      const kind = kinds[i % kinds.length];
      const text = readFileSync(join(root, kind.file), "utf8");
      const old = rowsOf(root, kind.file);
      const run = startCli(kind.args(i), root);
      if (i >= KILLS) {
        if (await waitUntil(tempSeen(kind.file), run.child, 30_000)) outcome.atTemp++;
        await killAfter(run, 0);
      } else if (i % 2 === 0) {
        await killAfter(run, Math.random() * measured.ms * 1.1);
      } else {
        const inside = await waitUntil(() => existsSync(join(root, LOCK)), run.child, 30_000);
        if (inside) outcome.inLock++;
        await killAfter(run, Math.random() * held * 1.2);
      }
      const now = readFileSync(join(root, kind.file), "utf8");
      if (now === text) outcome.unchanged++;
      else if (isDeepStrictEqual(rowsOf(root, kind.file), kind.after(old, i))) outcome.changed++;
      else {
        outcome.damaged++;
        damaged.push(kind.args(i).join(" "));
      }
      if (existsSync(join(root, LOCK))) outcome.lockLeft++;
    }
    // The next verb takes over whatever lock a killed one left; the next writer of each file
    // cleans the temp files a killed one left beside it.
    const after = await runCli(["rm", "e-0", "--force"], root);
    expect([after.code, after.err]).toEqual([0, ""]);
    const afterCsv = await runCli(["set", "c-0", "--title", "after"], root);
    expect([afterCsv.code, afterCsv.err]).toEqual([0, ""]);
    expect(existsSync(join(root, LOCK))).toBe(false);
    expect(readdirSync(join(root, "custom", "links")).filter((f) => f.endsWith(".tmp"))).toEqual(
      [],
    );
    figures.push(
      `${KILLS + kinds.length} kill points of set, retire, mv, rm and set on CSV (${outcome.inLock} while ` +
        `holding the lock, ${outcome.atTemp} with the new text in its temp file), ` +
        `${outcome.damaged} files damaged; ${outcome.unchanged} left the file as it was, ` +
        `${outcome.changed} after the change was in, ${outcome.lockLeft} left a dead lock that the next verb took over`,
    );
    expect(damaged).toEqual([]);
    expect(outcome.unchanged + outcome.changed).toBe(KILLS + kinds.length);
    const check = await runCli(["check"], root);
    expect(check.out).not.toMatch(/SL1\d\d/);
  }, 300_000);
});
