/** One bounded wrk load (threads, connections, duration) over the request paths of a size. */
import { execFile } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { cpuNs } from "./proc.mjs";

const run = promisify(execFile);
const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), "paths.lua");
export const WRK = process.env.WRK_BIN ?? "wrk";

/**
 * Loads `url` with the paths in `pathsFile` (and `headers`, "Name: value" strings, on every
 * request); `pids` are the server's processes, whose CPU time is divided by the request count.
 * Returns { rps, requests, latency µs, cpuUsPerRequest }.
 */
export async function runWrk({
  url,
  pathsFile,
  pids,
  seconds,
  connections = 64,
  threads = 2,
  headers = [],
}) {
  const cpuBefore = cpuNs(pids);
  const args = [
    "-t",
    String(threads),
    "-c",
    String(connections),
    "-d",
    `${seconds}s`,
    "--timeout",
    "10s",
    "-s",
    SCRIPT,
    url,
  ];
  const { stdout } = await run(WRK, args, {
    env: { ...process.env, BENCH_PATHS: pathsFile, BENCH_HEADERS: headers.join("\n") },
    timeout: (seconds + 30) * 1000,
    killSignal: "SIGKILL",
  });
  const cpu = cpuNs(pids) - cpuBefore;
  const line = stdout.split("\n").find((l) => l.startsWith("BENCH_JSON "));
  if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
  const s = JSON.parse(line.slice("BENCH_JSON ".length));
  return {
    rps: s.requests / (s.duration_us / 1e6),
    requests: s.requests,
    errors: s.errors,
    latMeanUs: s.lat_mean_us,
    latP50Us: s.lat_p50_us,
    latP99Us: s.lat_p99_us,
    cpuUsPerRequest: s.requests ? cpu / 1000 / s.requests : NaN,
  };
}
