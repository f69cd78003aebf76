import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "lib/**/*.test.ts",
      "runtime/**/*.test.ts",
      "test/**/*.test.ts",
      "bench/**/*.test.ts",
    ],
    // Node 24 only: the second pass runs them (vitest.node24.config.ts, scripts/test-node24.mjs).
    exclude: [...configDefaults.exclude, "test/node24/**"],
    globalSetup: ["test/global-setup.ts"],
    // Most of a run is spent waiting on the processes the tests start (the CLI, workerd,
    // Chromium): on 2 cores the first pass used 480 s of CPU in 567 s, so two workers per core.
    maxWorkers: Math.max(2, availableParallelism() * 2),
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
