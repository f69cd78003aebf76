#!/usr/bin/env node
// Runs the CLI (out/cli.js) in this process and reports the process's peak resident memory as
// the OS counted it (getrusage's ru_maxrss, through process.resourceUsage()), so a caller learns
// a child's peak without /usr/bin/time: the last line on stderr is `peak-rss-kib <KiB>`, the
// one before it `cpu-ms <user+system milliseconds>` (steadier than wall time on a busy machine).
// Usage: node bench/peak-rss.mjs build --root DIR --out DIR
import { main } from "../out/cli.js";

/** The marker of the line this script ends stderr with; parsePeakRss reads it back. */
export const PEAK_RSS_MARKER = "peak-rss-kib";

/** The peak in KiB a run of this script reported on `stderr`, or NaN when it reported none. */
export function parsePeakRss(stderr) {
  const match = stderr.match(new RegExp(`^${PEAK_RSS_MARKER} (\\d+)$`, "m"));
  return match ? Number(match[1]) : Number.NaN;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2));
  const usage = process.resourceUsage();
  const cpuMs = Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000);
  process.stderr.write(`\ncpu-ms ${cpuMs}\n${PEAK_RSS_MARKER} ${usage.maxRSS}\n`);
}
