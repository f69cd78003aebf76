/**
 * The machine-readable figures of each bench run, one small JSON file per benchmark and size in
 * bench/results/ (committed): `{ run: { date, command, load }, ...figures }`. A later run of the
 * same benchmark and size replaces its file; earlier ones are in git history. The goals table of
 * BENCHMARKS.md is computed from these files (bench/goals.mjs), never typed by hand.
 */
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const RESULTS_DIR = join(import.meta.dirname, "results");

/** `{ date, command, load }` of a run that started now under `load` (1-minute average). */
export function runInfo(command, load) {
  return { date: new Date().toISOString().slice(0, 10), command, load: Number(load.toFixed(2)) };
}

/** Writes `bench/results/<name>.json` (temp file, then rename). */
export function writeResult(name, run, figures, dir = RESULTS_DIR) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(`${file}.tmp`, JSON.stringify({ run, ...figures }, null, 2) + "\n");
  renameSync(`${file}.tmp`, file);
  return file;
}

/** Every result file of `dir`, keyed by name (the file name without `.json`). */
export function readResults(dir = RESULTS_DIR) {
  let names = [];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".json"));
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
  return Object.fromEntries(
    names.map((name) => [
      name.slice(0, -".json".length),
      JSON.parse(readFileSync(join(dir, name), "utf8")),
    ]),
  );
}
