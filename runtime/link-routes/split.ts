/**
 * `split`: one variant per request, drawn at random with the weights, no cookie (the product sets
 * none, so a visitor may get another variant next time). The draw is a request fact: the worker
 * draws it with `crypto.getRandomValues`; `explain --split-draw` and tests give their own.
 */
import type { SplitVariant } from "../contract/index.js";

/** The variant (0-based) that `draw` (in [0, 1)) picks: each takes its share of [0, 1) in order. */
export function pickVariant(variants: readonly SplitVariant[], draw: number): number {
  let total = 0;
  for (const variant of variants) total += variant.weight;
  let point = draw * total;
  for (let i = 0; i < variants.length; i++) {
    point -= variants[i].weight;
    if (point < 0) return i;
  }
  return variants.length - 1;
}

/** Each variant's share of the draw, [from, to), for explain. */
export function variantRanges(variants: readonly SplitVariant[]): [number, number][] {
  const total = variants.reduce((sum, v) => sum + v.weight, 0);
  let from = 0;
  return variants.map((v) => {
    const range: [number, number] = [from / total, (from + v.weight) / total];
    from += v.weight;
    return range;
  });
}

/** A draw in [0, 1) from the platform's cryptographic generator. */
export function randomDraw(): number {
  const word = new Uint32Array(1);
  crypto.getRandomValues(word);
  return word[0] / 2 ** 32;
}
