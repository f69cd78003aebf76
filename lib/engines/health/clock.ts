/**
 * Time as a dependency. Every timeout, deadline, back-off and duration in `health` goes through
 * a Clock, so tests drive time by hand instead of racing real timers.
 */
export interface Clock {
  /** Milliseconds on a monotonic scale (only differences mean anything). */
  now(): number;
  /** Calls `fn` once after `ms`; returns a function that cancels it. */
  after(ms: number, fn: () => void): () => void;
}

export const REAL_CLOCK: Clock = {
  now: () => performance.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};

/** Waits `ms` on the clock; resolves early (to false) when the signal aborts. */
export function sleep(clock: Clock, ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onAbort = () => {
      cancel();
      resolve(false);
    };
    const cancel = clock.after(ms, () => {
      signal.removeEventListener("abort", onAbort);
      resolve(true);
    });
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
