/**
 * The user worker's isolate in workerd, over the inspector protocol (miniflare `inspectorPort`):
 * its V8 heap (what the platform's 128 MB isolate limit is about; process RSS also holds workerd
 * itself and buffers) and a CPU profile of one request, which isolates our own CPU time from
 * workerd's and the assets router's.
 */
import WebSocket from "ws"; // a dependency of miniflare

export async function connectInspector(inspectorUrl) {
  const targets = await (
    await fetch(new URL("/json", inspectorUrl).href.replace(/^ws:/, "http:"))
  ).json();
  const target = targets.find((t) => t.id === "core:user:");
  if (!target) throw new Error("no user worker in the inspector target list");
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let next = 1;
  const call = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => reject(new Error(`${method}: no answer`)), 30_000);
      const onMessage = (data) => {
        const message = JSON.parse(String(data));
        if (message.id !== id) return;
        clearTimeout(timer);
        socket.off("message", onMessage);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      };
      socket.on("message", onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    /** V8 heap used and total, MiB, uncollected garbage included (workerd takes no HeapProfiler.collectGarbage; see retainedHeap). */
    async heap() {
      const { usedSize, totalSize } = await call("Runtime.getHeapUsage");
      return { usedMiB: usedSize / 2 ** 20, totalMiB: totalSize / 2 ** 20 };
    },
    /**
     * V8 heap used after a full garbage collection, MiB: a heap snapshot collects garbage first
     * (the snapshot's chunks are discarded), so this is what the isolate actually retains.
     */
    async retainedHeap() {
      await call("HeapProfiler.enable");
      await call("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
      await call("HeapProfiler.disable");
      const { usedSize } = await call("Runtime.getHeapUsage");
      return usedSize / 2 ** 20;
    },
    /**
     * Runs `work` under the CPU profiler (50 µs sampling); returns the isolate's busy ms and its
     * `top` functions by own time.
     */
    async profile(work, { top = 5 } = {}) {
      await call("Profiler.enable");
      await call("Profiler.setSamplingInterval", { interval: 50 });
      await call("Profiler.start");
      const value = await work();
      const { profile } = await call("Profiler.stop");
      await call("Profiler.disable");
      return { value, ...busyTime(profile, top) };
    },
    close: () => socket.close(),
  };
}

/**
 * The profiler samples an isolate only while a thread runs it, so a gap between two samples far
 * longer than the 50 µs interval is time the thread spent elsewhere (in workerd, mostly the
 * assets service starting on its first use, which the assets-floor worker shows too).
 */
const GAP_US = 500;

/** A tighter cap, two requested intervals: a lower estimate where the sampler falls behind. */
const TIGHT_GAP_US = 100;

/**
 * Sum of sample intervals outside (idle) and (program) (`busyMs`, what the profile attributes to
 * the isolate), the same with each interval capped at GAP_US (`ownMs`, the isolate's own work)
 * and at TIGHT_GAP_US (`ownTightMs`), the median interval of those samples (`medianIntervalUs`:
 * under load the sampler falls far behind its 50 µs, and the two caps then bound the estimate),
 * and the top functions by their own (capped) self time.
 */
function busyTime(profile, topCount) {
  const names = new Map(
    profile.nodes.map((n) => [n.id, n.callFrame.functionName || "(anonymous)"]),
  );
  const self = new Map();
  let busyUs = 0;
  let ownUs = 0;
  let ownTightUs = 0;
  const intervals = [];
  for (let i = 0; i < profile.samples.length; i++) {
    const name = names.get(profile.samples[i]);
    const dt = profile.timeDeltas[i + 1] ?? 0;
    if (name === "(idle)" || name === "(program)") continue;
    busyUs += dt;
    ownUs += Math.min(dt, GAP_US);
    ownTightUs += Math.min(dt, TIGHT_GAP_US);
    intervals.push(dt);
    self.set(name, (self.get(name) ?? 0) + Math.min(dt, GAP_US));
  }
  const top = [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, topCount)
    .map(([n, us]) => `${n} ${(us / 1000).toFixed(2)}`);
  intervals.sort((a, b) => a - b);
  return {
    busyMs: busyUs / 1000,
    ownMs: ownUs / 1000,
    ownTightMs: ownTightUs / 1000,
    medianIntervalUs: intervals[Math.floor(intervals.length / 2)] ?? 0,
    top,
  };
}
