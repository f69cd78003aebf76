// The Node 24 pass (scripts/test-node24.mjs): the unit and end-to-end suites of vitest.config.ts,
// plus test/node24/, which needs Node 24 and the tools installed for it. Left to the first pass:
// the browser tests, and the stress suites (kill -9 fault injection, property and fuzz runs, the
// 100k-row imports, the 100k build's memory guard), which drive our own code through thousands
// of inputs, kills and rows; the Node under them is the same as under the unit and end-to-end
// suites (CONTRIBUTING.md, "Tests and benchmarks").
import { configDefaults, defineConfig } from "vitest/config";
import base from "./vitest.config.js";

const FIRST_PASS_ONLY = [
  "test/browser/**",
  "test/fault.*.test.ts",
  "**/*.property.test.ts",
  "test/fuzz.*.test.ts",
  "lib/engines/import/import-large.test.ts",
  "test/perf/**",
];

export default defineConfig({
  test: { ...base.test, exclude: [...configDefaults.exclude, ...FIRST_PASS_ONLY] },
});
