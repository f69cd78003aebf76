/** (a) `shortlinks build` of an instance in a child process: wall time, CPU time and peak RSS. */
import { execFile } from "node:child_process";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
/** Preloaded into the child: it reports its own CPU time and peak RSS on exit. */
export const RUSAGE_PRELOAD = join(import.meta.dirname, "rusage-preload.mjs");

/** `node --import RUSAGE_PRELOAD <cli> <args>`: the arguments that run a CLI measured. */
export const measuredArgs = (cli, args) => ["--import", RUSAGE_PRELOAD, cli, ...args];

/**
 * The child's CPU seconds and peak RSS in MiB from its stderr, as the preload (or
 * bench/peak-rss.mjs) wrote them; NaN when it reported none.
 */
export function parseUsage(stderr) {
  const read = (marker) => Number(stderr.match(new RegExp(`^${marker} (\\d+)$`, "m"))?.[1] ?? NaN);
  return { cpuSeconds: read("cpu-ms") / 1000, peakRssMiB: read("peak-rss-kib") / 1024 };
}

export async function runBuild({ cli, root, out, timeoutMs = 900_000 }) {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const { stderr, stdout } = await run(
      process.execPath,
      measuredArgs(cli, ["build", "--root", root, "--out", out]),
      { timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: 64 << 20 },
    );
    return {
      ok: true,
      seconds: seconds(),
      ...parseUsage(stderr),
      summary: stdout.split("\n").find((l) => l.startsWith("built ")) ?? "",
    };
  } catch (error) {
    const text = String(error.stderr ?? error.message);
    return {
      ok: false,
      seconds: seconds(),
      ...parseUsage(text),
      error: text
        .split("\n")
        .filter((l) => !/^(cpu-ms|peak-rss-kib) /.test(l))
        .slice(-5)
        .join("\n"),
    };
  }
}

/** Shard files of a built assets folder: count, largest and mean bytes; the filter's bytes. */
export async function shardStats(assetsDir) {
  const dir = join(assetsDir, "links-shards");
  const names = (await readdir(dir)).filter((name) => name.endsWith(".jsonl"));
  let max = 0;
  let total = 0;
  for (const name of names) {
    const { size } = await stat(join(dir, name));
    max = Math.max(max, size);
    total += size;
  }
  return {
    count: names.length,
    maxBytes: max,
    meanBytes: names.length ? total / names.length : 0,
    filterBytes: (await stat(join(dir, "filter.bin"))).size,
  };
}
