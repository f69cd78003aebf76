// The current results of one benchmark in BENCHMARKS.md: the text between
// `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`, replaced in place (appended under a heading of
// its own when the file has no such markers yet). Every bench script writes through this, so the
// file holds one current table per benchmark; earlier results are in git history.
import { readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";

export const BENCHMARKS = join(import.meta.dirname, "..", "BENCHMARKS.md");

const open = (name) => `<!-- bench:${name} -->\n`;
const close = (name) => `<!-- /bench:${name} -->`;

/** Replace the marked block `name` of `text` with `body`; `title` heads it when it is new. */
export function replaceBenchBlock(text, name, body, title = name) {
  const block = `${open(name)}${body.trimEnd()}\n${close(name)}`;
  const start = text.indexOf(open(name));
  const end = start < 0 ? -1 : text.indexOf(close(name), start);
  if (start < 0 || end < 0) return `${text.trimEnd()}\n\n## ${title}\n\n${block}\n`;
  return text.slice(0, start) + block + text.slice(end + close(name).length);
}

export function writeBenchmarksSection(name, body, { title, file = BENCHMARKS } = {}) {
  writeFileSync(file, replaceBenchBlock(readFileSync(file, "utf8"), name, body, title));
}

/** "2 cores (nproc), <CPU model>, Node vX": the machine line every section carries. */
export function machineLine() {
  const model =
    (readFileSync("/proc/cpuinfo", "utf8").match(/model name\s*:\s*(.*)/) ?? [])[1] ?? "unknown";
  return `${cpus().length} cores (nproc), ${model}, Node ${process.version}`;
}

/** The line above every table: when, where, how loaded, and the command that ran. */
export function runLine(command, loadAtStart) {
  const day = new Date().toISOString().slice(0, 10);
  return `Run of ${day}: \`${command}\`; ${machineLine()}; 1-minute load average at the start: ${loadAtStart.toFixed(2)}.`;
}
