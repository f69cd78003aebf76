/** A Clock that moves only when a test says so: timeouts and deadlines without real waiting. */
import type { Clock } from "../../lib/engines/health/clock.js";

export interface FakeClock extends Clock {
  /** Moves time forward, firing every timer that falls due, in order. */
  advance(ms: number): void;
  /** Timers waiting to fire. */
  pending(): number;
  /** Resolves when a timer of exactly `ms` is set (at once if one is waiting). */
  timerSet(ms: number): Promise<void>;
}

export function fakeClock(): FakeClock {
  let now = 0;
  let seq = 0;
  const timers = new Map<number, { at: number; ms: number; fn: () => void }>();
  const watchers: { ms: number; notify: () => void }[] = [];
  return {
    now: () => now,
    after(ms, fn) {
      const id = seq++;
      timers.set(id, { at: now + ms, ms, fn });
      for (const w of watchers.filter((w) => w.ms === ms)) {
        watchers.splice(watchers.indexOf(w), 1);
        w.notify();
      }
      return () => timers.delete(id);
    },
    timerSet(ms) {
      if ([...timers.values()].some((t) => t.ms === ms)) return Promise.resolve();
      return new Promise((notify) => watchers.push({ ms, notify }));
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= until)
          .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = until;
    },
    pending: () => timers.size,
  };
}
