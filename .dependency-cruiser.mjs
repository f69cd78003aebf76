/**
 * The import rules of lib/ and runtime/ (CONTRIBUTING.md, "Layout"), checked by `npm test`
 * (`npm run lint:deps`). Type-only imports count: they tie the designs together as much.
 */
const NOT_A_TEST = "\\.test\\.ts$";

export default {
  forbidden: [
    {
      name: "no-circular",
      comment: "an import circle: break it at a types module",
      severity: "error",
      from: { path: "^(lib|runtime)/" },
      to: { circular: true },
    },
    {
      name: "runtime-imports-lib",
      comment:
        "runtime/ runs on workerd and is shared with the compiler: it imports nothing of lib/",
      severity: "error",
      from: { path: "^runtime/" },
      to: { path: "^lib/" },
    },
    {
      name: "runtime-imports-node",
      comment: "runtime/ runs on workerd: Web APIs only, no node:* module",
      severity: "error",
      from: { path: "^runtime/", pathNot: NOT_A_TEST },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "lib-imports-the-worker-entry",
      comment:
        "the worker entry starts the isolate's warm-up: only the bundle imports it; use runtime/engine/",
      severity: "error",
      from: { path: "^lib/", pathNot: NOT_A_TEST },
      to: { path: "^runtime/(worker|warm-up|stats/warm-up)\\.ts$" },
    },
    {
      name: "shared-imports-a-layer-above",
      comment: "lib/shared/ is plumbing under every layer: it imports no stage, engine or command",
      severity: "error",
      from: { path: "^lib/shared/", pathNot: NOT_A_TEST },
      to: { path: "^lib/(stages|engines|commands)/|^lib/cli\\.ts$" },
    },
    {
      name: "stage-imports-an-engine-or-command",
      comment: "the build stages sit under the engines and commands: they never import them",
      severity: "error",
      from: { path: "^lib/stages/", pathNot: NOT_A_TEST },
      to: { path: "^lib/(engines|commands)/|^lib/cli\\.ts$" },
    },
    {
      name: "stage-imports-the-pipeline",
      comment: "stages/compile.ts runs the stages; a stage never imports it",
      severity: "error",
      from: { path: "^lib/stages/[^/]+/", pathNot: NOT_A_TEST },
      to: { path: "^lib/stages/compile\\.ts$" },
    },
    {
      name: "engine-imports-a-command",
      comment: "commands sit above the engines: arguments and printing stay in commands/",
      severity: "error",
      from: { path: "^lib/engines/", pathNot: NOT_A_TEST },
      to: { path: "^lib/commands/|^lib/cli\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|out|dist|src)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
