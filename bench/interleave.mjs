/**
 * Two workers under one load, interleaved: a fresh workerd per worker and round (order
 * alternating), the hot paths requested twice, then wrk over `pathsFile`. A machine whose speed
 * drifts over minutes moves both sides alike, where one load after the other it moves one.
 * `bench/compare.mjs` and the runtime bench's hot-path ratio both run it.
 */
import { startWorkerd } from "./workerd.mjs";
import { runWrk } from "./wrk.mjs";

export const median = (xs) => xs.slice().sort((x, y) => x - y)[Math.floor(xs.length / 2)];

/**
 * `workers`: { a, b } (startWorkerd options); returns each side's load results, round by round.
 * `profile` adds the isolate's own CPU per request (`ownUs`) from a CPU profile of the load.
 */
export async function interleavedLoads({
  workers,
  hotPaths,
  pathsFile,
  rounds,
  seconds,
  headers = [],
  profile = false,
  log = () => undefined,
}) {
  const sent = Object.fromEntries(
    headers.map((line) => [
      line.slice(0, line.indexOf(":")),
      line.slice(line.indexOf(":") + 1).trim(),
    ]),
  );
  const runs = { a: [], b: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? ["b", "a"] : ["a", "b"];
    for (const name of order) {
      const server = await startWorkerd({ ...workers[name], inspector: profile });
      try {
        for (let pass = 0; pass < 2; pass++)
          for (const path of hotPaths)
            await (
              await fetch(server.url + path, { redirect: "manual", headers: sent })
            ).arrayBuffer();
        const load = () =>
          runWrk({ url: server.url, pathsFile, pids: server.pids, seconds, headers });
        let result;
        if (profile) {
          const inspector = await server.inspect();
          const profiled = await inspector.profile(load);
          inspector.close();
          result = { ...profiled.value, ownUs: (profiled.ownMs * 1000) / profiled.value.requests };
        } else result = await load();
        runs[name].push(result);
        const own = profile ? `, ${result.ownUs.toFixed(0)} µs own` : "";
        log(
          `round ${round} ${name}: ${Math.round(result.rps)} req/s, ${result.cpuUsPerRequest.toFixed(0)} µs CPU/request${own}`,
        );
      } finally {
        await server.stop();
      }
    }
  }
  return runs;
}

/** Each side's median throughput and CPU per request, and a against b. */
export function pairSummary(runs) {
  const of = (name, key) => median(runs[name].map((r) => r[key]));
  const side = (name) => ({ rps: of(name, "rps"), cpuUsPerRequest: of(name, "cpuUsPerRequest") });
  return {
    rounds: runs.a.length,
    a: side("a"),
    b: side("b"),
    throughput: of("a", "rps") / of("b", "rps"),
    cpuPerRequest: of("a", "cpuUsPerRequest") / of("b", "cpuUsPerRequest"),
  };
}
