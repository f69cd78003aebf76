/**
 * Vitest's order, with the longest files of the suite started first (LONG_POLES in
 * test-passes.ts). Vitest orders by the durations of the previous run, which a fresh clone (CI)
 * does not have; it then starts the largest files first, and a short file with a long run (the
 * 100k-row imports, the 100k build's memory guard) would start last and run alone on one core.
 */
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { LONG_POLES } from "./test-passes.js";

export class LongPolesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = LONG_POLES.indexOf(relative(this.ctx.config.root, spec.moduleId));
      return at === -1 ? LONG_POLES.length : at;
    };
    return sorted
      .map((spec, order) => ({ spec, order, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .map(({ spec }) => spec);
  }
}
