/**
 * scripts/bench-diff.mjs's figures for the goals table: bench/results/diff-<links>-<changes>.json,
 * one row per run of the CLI (`diff` or `check --against`, told apart by the row's name; the row
 * that turns case sensitivity on is the worst case beyond the goals and is marked so; `cache`:
 * "off" for --no-cache, "warm" for a run that found an earlier run's cache, else "cold").
 */
import { runInfo, writeResult } from "./results.mjs";

export function writeReviewResult({ size, changes, command, load, rows }) {
  return writeResult(`diff-${size}-${changes}`, runInfo(command, load), {
    links: size,
    changes,
    rows: rows.map((r) => ({
      name: r.name,
      command: /check --against/.test(r.name) ? "check --against" : "diff",
      worstCase: /case_sensitive/.test(r.name),
      cache: /no cache/.test(r.name) ? "off" : /cached/.test(r.name) ? "warm" : "cold",
      seconds: r.seconds,
      cpu: r.cpu,
      rssMiB: r.rssMiB,
    })),
  });
}
