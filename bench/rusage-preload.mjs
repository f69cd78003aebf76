// Preloaded into a child process (`node --import ./bench/rusage-preload.mjs CLI ...`): when the
// process exits it writes its CPU time and peak resident memory as the OS counted them
// (process.resourceUsage(), getrusage) to stderr, in bench/peak-rss.mjs's format, so any CLI (an
// older commit's too) is measured without /usr/bin/time; parsePeakRss reads the peak back.
import { writeSync } from "node:fs";

process.on("exit", () => {
  const usage = process.resourceUsage();
  const cpuMs = Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000);
  writeSync(2, `\ncpu-ms ${cpuMs}\npeak-rss-kib ${usage.maxRSS}\n`);
});
