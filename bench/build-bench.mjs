/** (a) `shortlinks build` of an instance in a child process under /usr/bin/time -v: wall time and peak RSS. */
import { execFile } from "node:child_process";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
export const TIME_BIN = "/usr/bin/time";

export async function runBuild({ cli, root, out, timeoutMs = 900_000 }) {
  try {
    const { stderr, stdout } = await run(
      TIME_BIN,
      ["-v", process.execPath, cli, "build", "--root", root, "--out", out],
      {
        timeout: timeoutMs,
        killSignal: "SIGKILL",
        maxBuffer: 64 << 20,
      },
    );
    return {
      ok: true,
      ...parseTime(stderr),
      summary: stdout.split("\n").find((l) => l.startsWith("built ")) ?? "",
    };
  } catch (error) {
    const text = String(error.stderr ?? error.message);
    return {
      ok: false,
      ...parseTime(text),
      error: text
        .split("\n")
        .filter((l) => !l.startsWith("\t"))
        .slice(-5)
        .join("\n"),
    };
  }
}

function parseTime(text) {
  const wall = text.match(/Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)/)?.[1];
  const rss = text.match(/Maximum resident set size \(kbytes\): (\d+)/)?.[1];
  const seconds = wall ? wall.split(":").reduce((acc, part) => acc * 60 + Number(part), 0) : NaN;
  return { seconds, peakRssMiB: rss ? Number(rss) / 1024 : NaN };
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
