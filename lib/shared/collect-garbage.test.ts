import { describe, expect, it } from "vitest";
import {
  COLLECT_FROM_HEAP,
  COLLECT_FROM_LINKS,
  GARBAGE_WORTH_COLLECTING,
  garbageCollector,
} from "./collect-garbage.js";

const MiB = 1024 * 1024;
/** A heap past the size below which no collection is forced. */
const LARGE = COLLECT_FROM_HEAP + 200 * MiB;

describe("collectGarbage", () => {
  it("collects only when the heap grew by enough since the last collection", () => {
    let heap = LARGE;
    const collections: number[] = [];
    const collect = garbageCollector(
      () => heap,
      () => {
        collections.push(heap);
        heap -= 100 * MiB; // what the collection freed
      },
    );
    collect(COLLECT_FROM_LINKS); // a large fresh heap: collected, 100 MiB freed
    heap += GARBAGE_WORTH_COLLECTING - MiB;
    collect(COLLECT_FROM_LINKS); // grew by less than worth collecting: skipped
    heap += 2 * MiB;
    collect(COLLECT_FROM_LINKS); // now it has
    expect(collections).toEqual([LARGE, LARGE - 100 * MiB + GARBAGE_WORTH_COLLECTING + MiB]);
  });

  it("collects after a stage released its data, however little the heap grew", () => {
    let heap = LARGE;
    const collections: number[] = [];
    const collect = garbageCollector(
      () => heap,
      () => collections.push(heap),
    );
    collect(COLLECT_FROM_LINKS);
    heap += MiB; // the stage's sorted copy of every link is now garbage, but the heap barely grew
    collect(COLLECT_FROM_LINKS);
    collect(COLLECT_FROM_LINKS, { released: true });
    expect(collections).toEqual([LARGE, LARGE + MiB]);
  });

  it("never collects for a small build", () => {
    let collected = 0;
    const collect = garbageCollector(
      () => 2_000 * MiB,
      () => collected++,
    );
    collect(COLLECT_FROM_LINKS - 1);
    collect(COLLECT_FROM_LINKS - 1, { released: true });
    expect(collected).toBe(0);
  });

  it("never forces a collection of a small heap, however many links or what was released", () => {
    let heap = COLLECT_FROM_HEAP - MiB;
    const collections: number[] = [];
    const collect = garbageCollector(
      () => heap,
      () => collections.push(heap),
    );
    collect(10 * COLLECT_FROM_LINKS);
    collect(10 * COLLECT_FROM_LINKS, { released: true });
    heap += 2 * MiB;
    collect(10 * COLLECT_FROM_LINKS);
    expect(collections).toEqual([COLLECT_FROM_HEAP + MiB]);
  });
});
