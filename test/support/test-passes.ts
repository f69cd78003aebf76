/**
 * Which suites run in which pass of `npm test` (CONTRIBUTING.md, "Tests and benchmarks"), read by
 * vitest.config.ts (the first pass, on the machine's Node), vitest.node24.config.ts (the second,
 * on Node 24) and test/test-passes.test.ts, which fails when a test file is in neither pass or
 * when no rule below says why it skips Node 24.
 */

/** Every test file vitest looks for. */
export const SUITES = [
  "lib/**/*.test.ts",
  "runtime/**/*.test.ts",
  "test/**/*.test.ts",
  "bench/**/*.test.ts",
];

/** Needs Node 24 and the toolchain installed for it: the second pass only. */
export const NODE24_ONLY = ["test/node24/**"];

/**
 * The second pass: what the user's Node runs and its version can change. The CLI as a user starts
 * it (out/cli.js in a child process: ESM loading, every verb over files, locks, processes, git,
 * workerd through `serve`), the packed package installed, the compiler (lib/stages/), the command
 * layer and the file-system layer under every write (lib/commands/, lib/shared/).
 */
export const ON_USERS_NODE = [
  ...NODE24_ONLY,
  "lib/commands/**/*.test.ts",
  "lib/shared/**/*.test.ts",
  "lib/stages/**/*.test.ts",
  "test/cli-*.test.ts",
  "test/build-jobs.test.ts",
  "test/compiler-*.test.ts",
  "test/package-*.test.ts",
  "test/prebuilt-bundles.test.ts",
  "test/wrangler-dry-run.test.ts",
  "test/write-targets.test.ts",
  "test/allow-scripts.test.ts",
  "test/import-golden.test.ts",
  "test/private-links-cli.test.ts",
  "test/request-cases.explain.test.ts",
  "test/own-pages.test.ts",
  "test/trailing-slash.test.ts",
  "test/placeholders.test.ts",
  "test/engine/serve-cli.test.ts",
];

/**
 * First pass only, each group with its reason. Nothing here loses a test: each runs once, on the
 * machine's Node.
 */
export const FIRST_PASS_ONLY = {
  /**
   * The worker: in production its code runs in workerd, never on the user's Node, so Node's
   * version cannot change what it does. Its unit tests, the bundle run as a module, and the
   * suites that serve it in workerd or drive it from Chromium.
   */
  worker: [
    "runtime/**",
    "test/engine/**",
    "test/browser/**",
    "test/*.workerd.test.ts",
    "test/*.bundle*.test.ts",
    "test/request-cases.resolve.test.ts",
    "test/retired-successor.test.ts",
    "test/header-guarantee*.test.ts",
  ],
  /**
   * The engines' unit tests (lib/engines/): our own logic over many inputs. Each engine's use of
   * Node (files, locks, git, workerd, HTTP) runs on Node 24 through the CLI suites above, which
   * start every verb as a user does.
   */
  engines: ["lib/engines/**"],
  /**
   * Stress suites: thousands of kills, inputs and rows through our own code, on the same Node
   * APIs the suites above cover on both versions.
   */
  stress: ["test/fault.*.test.ts", "**/*.property.test.ts", "test/fuzz.*.test.ts", "test/perf/**"],
  /** Checks of the repository itself (its docs' paths, the benchmarks' layouts), not of a Node. */
  repository: ["bench/**", "test/docs-*.test.ts", "test/test-passes.test.ts"],
};

/**
 * Unit tests that share one module graph per worker (vitest `isolate: false`): importing the
 * modules again for every file was most of their time. They keep no state across files that a
 * test depends on (their module caches are memos of pure functions, keyed by content or by
 * object); the exceptions stay isolated in NEEDS_FRESH_MODULES. Checked by running them shuffled.
 */
export const SHARED_MODULES = ["runtime/**/*.test.ts", "lib/**/*.test.ts"];

/** Files that replace a module (`vi.mock`) or need a fresh one: each gets its own graph. */
export const NEEDS_FRESH_MODULES = [
  "lib/shared/fs/lock.race.test.ts",
  "lib/stages/1-sources/custom/custom-files.test.ts",
  "lib/engines/diff/base-sizes.test.ts",
];

/**
 * The files that run longest (over 30 s each on the 2-core machine), longest first: started
 * before the rest, so none of them begins near the end of a pass and runs there alone.
 */
export const LONG_POLES = [
  "lib/engines/import/import-large.test.ts",
  "test/cli-e2e.test.ts",
  "test/node24/instance-from-tarball.test.ts",
  "test/perf/build-100k-memory.test.ts",
  "test/package-install.test.ts",
  "test/fault.build.test.ts",
  "test/cli-edit.test.ts",
  "test/fault.edit.test.ts",
  "test/fault.add.test.ts",
  "test/browser/stats-large.test.ts",
  "test/cli-init.test.ts",
  "test/write-targets.test.ts",
];
