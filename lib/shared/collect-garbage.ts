/**
 * A full garbage collection between the stages of a large build. At a million links the data a
 * build holds is under 400 MB, but V8 lets a stage's garbage (parsed CSV cells, copies made while
 * checking rows and assets, shard text) grow the heap well past that before collecting: the build
 * peaked at 1.6 GiB. Collecting at the few points where a stage's garbage is done keeps the peak
 * near the live data for a few hundred ms of a build of tens of seconds (docs/performance.md,
 * "Build memory"). Small builds skip it: there the heap never grows much.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** Below this many links a build's garbage never matters (and tests build many small instances). */
export const COLLECT_FROM_LINKS = 100_000;

let gc: (() => void) | undefined;

export function collectGarbage(links: number): void {
  if (links < COLLECT_FROM_LINKS) return;
  if (!gc) {
    setFlagsFromString("--expose-gc");
    gc = runInNewContext("gc") as () => void;
  }
  gc();
}
