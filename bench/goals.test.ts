// The goals table of BENCHMARKS.md is computed from the bench result files: each goal is met,
// not met, or not measured yet when no run wrote the figures it needs.
import { describe, expect, it } from "vitest";
import { GOALS, goalRows, goalsMarkdown, MET, NOT_MEASURED, NOT_MET } from "./goals.mjs";

const run = { date: "2026-11-26", command: "npm run bench", load: 1.2 };
const runtime = (links: number, o: Record<string, unknown>) => ({
  run,
  links,
  mixedCpuUs: 300,
  readsPerFirstVisit: 0,
  readCostUs: 500,
  hotRps: 5000,
  minimalHotRps: 5000,
  coldFirstCpuMs: 10,
  heapRetainedMiB: 4,
  build: { seconds: 1, rssMiB: 100 },
  ...o,
});
const verdict = (results: Record<string, unknown>, goal: string) =>
  goalRows(results).find((r) => r.goal.startsWith(goal))?.verdict;

describe("the goals table", () => {
  it("says not measured yet for every goal when no run wrote results", () => {
    const rows = goalRows({});
    expect(rows).toHaveLength(GOALS.length);
    expect(rows.every((r) => r.verdict === NOT_MEASURED)).toBe(true);
  });

  it("judges the 1M build on both wall time and peak memory", () => {
    const build = (seconds: number, rssMiB: number) => ({
      "build-1000000": { run, links: 1e6, build: { seconds, rssMiB }, check: { seconds, rssMiB } },
    });
    expect(verdict(build(19, 1000), "Build at 1M")).toBe(MET);
    expect(verdict(build(21, 1000), "Build at 1M")).toBe(NOT_MET);
    expect(verdict(build(19, 1100), "Build at 1M")).toBe(NOT_MET);
    expect(verdict(build(21, 1000), "`check` at 1M")).toBe(NOT_MET);
  });

  it("takes the 1M build from npm run bench when bench:build has not run at 1M", () => {
    const rows = goalRows({ "runtime-1m": runtime(1e6, {}) });
    expect(rows.find((r) => r.goal.startsWith("Build at 1M"))?.verdict).toBe(MET);
    expect(rows.find((r) => r.goal.startsWith("`check` at 1M"))?.verdict).toBe(NOT_MEASURED);
  });

  it("judges the first visits at 1M against the 1k cost plus one read per first visit", () => {
    const results = (mixed: number) => ({
      "runtime-1k": runtime(1000, { mixedCpuUs: 300 }),
      "runtime-1m": runtime(1e6, { mixedCpuUs: mixed, readsPerFirstVisit: 0.8, readCostUs: 500 }),
    });
    // The floor: 300 + 0.8 × 500 = 700 µs; 1.15x of it is 805 µs.
    expect(verdict(results(800), "First visits")).toBe(MET);
    expect(verdict(results(810), "First visits")).toBe(NOT_MET);
  });

  it("does not count a read-floor ratio measured under the profiler", () => {
    const results = {
      "runtime-1k": runtime(1000, {}),
      "runtime-1m": runtime(1e6, { mixedProfiled: 1 }),
    };
    expect(verdict(results, "First visits")).toBe(NOT_MEASURED);
  });

  it("judges the hot path, the cold first redirect and the retained heap", () => {
    const results = {
      "runtime-1k": runtime(1000, { hotRps: 4700, coldFirstCpuMs: 10 }),
      "runtime-1m": runtime(1e6, { hotRps: 4800, coldFirstCpuMs: 12.5, heapRetainedMiB: 8 }),
    };
    expect(verdict(results, "Hot path ≥ 0.95x the minimal worker at 1k")).toBe(NOT_MET);
    expect(verdict(results, "Hot path ≥ 0.95x the minimal worker at 1M")).toBe(MET);
    expect(verdict(results, "Cold first redirect")).toBe(NOT_MET);
    expect(verdict(results, "Isolate heap")).toBe(NOT_MET);
  });

  it("judges diff and check --against apart, leaving out the case-sensitive worst case", () => {
    const rows = [
      { name: "diff", command: "diff", seconds: 25, rssMiB: 1200 },
      { name: "diff, case_sensitive", command: "diff", worstCase: true, seconds: 60, rssMiB: 1300 },
      { name: "check --against", command: "check --against", seconds: 31, rssMiB: 1200 },
    ];
    const results = { "diff-1000000-1000": { run, links: 1e6, changes: 1000, rows } };
    expect(verdict(results, "`diff`, 1,000 changes")).toBe(MET);
    expect(verdict(results, "`check --against`, 1,000 changes")).toBe(NOT_MET);
    expect(verdict(results, "One-link change")).toBe(NOT_MEASURED);
  });

  it("judges a one-link change on the runs that found an earlier run's cache", () => {
    const rows = [
      { name: "1 change, no cache", command: "diff", cache: "off", seconds: 40, rssMiB: 900 },
      { name: "1 change, cached", command: "diff", cache: "warm", seconds: 8, rssMiB: 700 },
      {
        name: "check --against, cached",
        command: "check --against",
        cache: "warm",
        seconds: 9,
        rssMiB: 700,
      },
    ];
    const file = (list: object[]) => ({
      "diff-1000000-1": { run, links: 1e6, changes: 1, rows: list },
    });
    expect(verdict(file(rows), "One-link change")).toBe(MET);
    expect(verdict(file(rows.slice(0, 1)), "One-link change")).toBe(NOT_MET);
  });

  it("takes the later of bench:build's and npm run bench's 1M build", () => {
    const older = { ...run, date: "2026-11-20" };
    const results = {
      "build-1000000": { run: older, links: 1e6, build: { seconds: 30, rssMiB: 900 } },
      "runtime-1m": runtime(1e6, { build: { seconds: 15, rssMiB: 900 } }),
    };
    expect(verdict(results, "Build at 1M")).toBe(MET);
  });

  it("judges routes and placeholders from their own benches", () => {
    const results = {
      "routes-node": { run, paired: 10.5, routes: 55, plain: 44.5 },
      "routes-ab": { run, rounds: 7, throughput: 0.97, cpuPerRequest: 1.02 },
      "placeholders-1m": {
        run,
        node: {
          ratio: { hits: 1.0, mixed: 1.09 },
          reads: { base: { hits: 0.99, mixed: 0.8 }, ph: { hits: 1.01, mixed: 0.8 } },
        },
      },
      "placeholders-1m-workerd": {
        run,
        loads: { hot: { throughput: 1, cpuPerRequest: 1.01, rounds: 5 } },
      },
    };
    expect(verdict(results, "Routes: a link without routes")).toBe(MET);
    expect(verdict(results, "Routes: ten routes")).toBe(NOT_MET);
    expect(verdict(results, "Placeholders at 1M within 1.1x")).toBe(MET);
    expect(verdict(results, "Placeholders at 1M: no extra")).toBe(NOT_MET);
    const slower = { hot: { throughput: 0.9, cpuPerRequest: 1.11, rounds: 5 } };
    const withSlowerWorkerd = { ...results, "placeholders-1m-workerd": { run, loads: slower } };
    expect(verdict(withSlowerWorkerd, "Placeholders at 1M within 1.1x")).toBe(NOT_MET);
  });

  it("cites each run once, with its date, command and load average", () => {
    const text = goalsMarkdown({ "runtime-1k": runtime(1000, {}), "runtime-1m": runtime(1e6, {}) });
    expect(text.match(/^1\. 2026-11-26: `npm run bench`; load 1\.20$/m)).not.toBeNull();
    expect(text).not.toMatch(/^2\. /m);
  });
});
