import { describe, expect, it } from "vitest";
import { HostLimiter, Limiter } from "./limiter.js";

/** Runs `n` tasks that each wait for a manual release; reports the most running at once. */
async function most(run: (i: number, task: () => Promise<void>) => Promise<void>, n: number) {
  let running = 0;
  let peak = 0;
  const gates: (() => void)[] = [];
  const all = Array.from({ length: n }, (_, i) =>
    run(i, async () => {
      peak = Math.max(peak, ++running);
      await new Promise<void>((open) => gates.push(open));
      running--;
    }),
  );
  for (let released = 0; released < n; released++) {
    while (gates.length === 0) await new Promise((r) => setImmediate(r));
    gates.shift()?.();
  }
  await Promise.all(all);
  return peak;
}

describe("limits", () => {
  it("a limiter runs at most `limit` tasks at once, and all of them in the end", async () => {
    const limiter = new Limiter(3);
    expect(await most((_, task) => limiter.run(task), 10)).toBe(3);
  });

  it("a host limiter limits each host on its own, case-insensitively", async () => {
    const hosts = new HostLimiter(2);
    const name = (i: number) => (i % 2 ? "A.example" : "a.example");
    expect(await most((i, task) => hosts.run(name(i), task), 8)).toBe(2);
    expect(await most((i, task) => hosts.run(`h${i}.example`, task), 5)).toBe(5);
  });

  it("a failing task frees its slot", async () => {
    const limiter = new Limiter(1);
    await expect(limiter.run(async () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    await expect(limiter.run(async () => "next")).resolves.toBe("next");
  });

  it("limits below 1 are refused", () => {
    expect(() => new Limiter(0)).toThrow(RangeError);
    expect(() => new HostLimiter(0)).toThrow(RangeError);
  });
});
