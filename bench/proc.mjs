/**
 * Linux procfs readings of server processes: CPU time in nanoseconds (sum of every thread's
 * schedstat, precise where /proc/<pid>/stat ticks are 10 ms) and resident memory.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";

const read = (path) => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return ""; // the process or thread has exited: it counts as nothing
  }
};

/** Direct children of `pid`. */
export function childrenOf(pid) {
  const out = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[1]) === pid) out.push(Number(entry));
  }
  return out;
}

/** `pid` and all of its descendants. */
export function processTree(pid) {
  const all = [pid];
  for (let i = 0; i < all.length && i < 10_000; i++) all.push(...childrenOf(all[i]));
  return all;
}

/** The command name of `pid` (`workerd`, `nginx`). */
export const commOf = (pid) => read(`/proc/${pid}/comm`).trim();

/** CPU nanoseconds used so far by every thread of every process in `pids`. */
export function cpuNs(pids) {
  let total = 0;
  for (const pid of pids) {
    let tasks = [];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // exited
    }
    for (const task of tasks)
      total += Number(read(`/proc/${pid}/task/${task}/schedstat`).split(" ")[0] || 0);
  }
  return total;
}

function statusKiB(pid, field) {
  const match = read(`/proc/${pid}/status`).match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
  return match ? Number(match[1]) : 0;
}

/** Resident set size now, summed over `pids`, in MiB. */
export const rssMiB = (pids) => pids.reduce((sum, pid) => sum + statusKiB(pid, "VmRSS"), 0) / 1024;
/** Peak resident set size, summed over `pids`, in MiB. */
export const peakRssMiB = (pids) =>
  pids.reduce((sum, pid) => sum + statusKiB(pid, "VmHWM"), 0) / 1024;

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Waits (bounded) until something answers HTTP on `url`. */
export async function waitForHttp(url, { timeoutMs }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50)); // not listening yet
    }
  }
  throw new Error(`nothing answered on ${url} within ${timeoutMs} ms`);
}
