import { describe, expect, it } from "vitest";
import { pickVariant, randomDraw, variantRanges } from "./split.js";

const variants = [70, 20, 10].map((weight, i) => ({ weight, target: `https://${i}.example/` }));

describe("split: each variant takes its share of the draw, in order", () => {
  it.each([
    [0, 0],
    [0.6999, 0],
    [0.7, 1],
    [0.8999, 1],
    [0.9, 2],
    [0.999999, 2],
  ])("draw %s picks variant %s", (draw, index) => {
    expect(pickVariant(variants, draw)).toBe(index);
  });

  it("the shares explain shows add up to [0, 1)", () => {
    const ranges = variantRanges(variants);
    expect(ranges[0][0]).toBe(0);
    expect(ranges[2][1]).toBe(1);
    expect(ranges[1][0]).toBeCloseTo(0.7);
    expect(ranges[2][0]).toBeCloseTo(0.9);
  });

  it("the worker's draw lies in [0, 1), and over many draws each share is near its weight", () => {
    const counts = [0, 0, 0];
    for (let i = 0; i < 20_000; i++) {
      const draw = randomDraw();
      expect(draw >= 0 && draw < 1).toBe(true);
      counts[pickVariant(variants, draw)]++;
    }
    // 20,000 draws: each share within 2 points of its weight (more than 6 standard deviations).
    expect(Math.abs(counts[0] / 20_000 - 0.7)).toBeLessThan(0.02);
    expect(Math.abs(counts[2] / 20_000 - 0.1)).toBeLessThan(0.02);
  });
});
