// One section of BENCHMARKS.md, replaced in place (from its "## Title" line to the next "## "), or
// appended when the file has none yet. Every bench script writes its results through this.
import { readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";

export const BENCHMARKS = join(import.meta.dirname, "..", "BENCHMARKS.md");

/** `section` starts with its own "## Title" line. */
export function writeBenchmarksSection(section, file = BENCHMARKS) {
  const heading = section.slice(0, section.indexOf("\n"));
  const text = readFileSync(file, "utf8");
  const start = text.indexOf(`${heading}\n`);
  const end = start < 0 ? -1 : text.indexOf("\n## ", start + 1);
  const body = section.endsWith("\n") ? section : `${section}\n`;
  writeFileSync(
    file,
    start < 0
      ? `${text.trimEnd()}\n\n${body}`
      : `${text.slice(0, start)}${body}${end < 0 ? "" : text.slice(end + 1)}`,
  );
}

/** "2 cores (nproc), <CPU model>, Node vX": the machine line every section carries. */
export function machineLine() {
  const model =
    (readFileSync("/proc/cpuinfo", "utf8").match(/model name\s*:\s*(.*)/) ?? [])[1] ?? "unknown";
  return `${cpus().length} cores (nproc), ${model}, Node ${process.version}`;
}
