/**
 * A full garbage collection between the stages of a large build. At a million links the data a
 * build holds is under 400 MB, but V8 lets a stage's garbage (parsed CSV cells, copies made while
 * checking rows and assets, shard text) grow the heap well past that before collecting: the build
 * peaked at 1.6 GiB. Collecting at the few points where a stage's garbage is done keeps the peak
 * near the live data (docs/performance.md, "Build memory"). Small builds skip it: there the heap
 * never grows much.
 *
 * A full collection of a heap of a few hundred MB costs about half a second, so it runs only
 * when the heap in use grew by GARBAGE_WORTH_COLLECTING since the last one: most of a stage's
 * garbage is young and already gone (V8's scavenges), and a collection that frees nothing costs
 * as much as one that frees a lot (at 200k links, five of the stats index's collections freed
 * 2-9 MB each for about 9 s of CPU in all). The growth says nothing of data a stage let go of
 * (heap it held when the last collection measured it): there the caller says so (`released`).
 */
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** Below this many links a build's garbage never matters (and tests build many small instances). */
export const COLLECT_FROM_LINKS = 100_000;
/**
 * Below this much heap in use a collection is not forced, whatever the links: V8's own keep such
 * a heap small enough. At 100k links (about 100 MiB in use) the forced ones cost a tenth of
 * `check` and freed as little as 3 MiB; a cached one-change review at a million links (250-390 MiB
 * in use where they were forced) spent a second on four of them for a peak 50-90 MiB lower, far
 * under its budget, while the runs whose peak matters (a build or `check` at 1M, a review of
 * 1,000 changes) force theirs past this (docs/performance.md, "Forced collections of a small
 * heap", "Forced collections below 400 MiB in use").
 */
export const COLLECT_FROM_HEAP = 400 * 1024 * 1024;
/** Growth of the heap in use since the last collection below which another one is skipped. */
export const GARBAGE_WORTH_COLLECTING = 64 * 1024 * 1024;

export interface CollectOptions {
  /**
   * A stage just let go of data it held (the source rows, the stats index's sequence): the heap
   * in use has not grown, but most of it is now garbage. Collected whatever the growth.
   */
  released?: boolean;
}

/** A collector over a heap gauge and a full collection (the build's uses V8's; tests pass fakes). */
export function garbageCollector(
  heapInUse: () => number,
  fullCollection: () => void,
): (links: number, options?: CollectOptions) => void {
  let afterLast = 0;
  return (links, options) => {
    if (links < COLLECT_FROM_LINKS) return;
    const inUse = heapInUse();
    if (inUse < COLLECT_FROM_HEAP) return;
    if (!options?.released && inUse - afterLast < GARBAGE_WORTH_COLLECTING) return;
    fullCollection();
    afterLast = heapInUse();
  };
}

let gc: (() => void) | undefined;

export const collectGarbage = garbageCollector(
  () => getHeapStatistics().used_heap_size,
  () => {
    if (!gc) {
      setFlagsFromString("--expose-gc");
      gc = runInNewContext("gc") as () => void;
    }
    gc();
  },
);
