/** The local engine: the built bundle in workerd through miniflare. */
export {
  readBundleConfig,
  hasBundle,
  WRANGLER_CONFIG,
  type BundleConfig,
  type VarValue,
} from "./bundle-config.js";
export { parseDevVars, DEV_VARS_FILE, type DevVars } from "./dev-vars.js";
export {
  engineOptions,
  LOCAL_CF,
  type EngineInput,
  type OutboundHandler,
} from "./engine-options.js";
export { loadServeVars, readVarsYaml, VARS_YAML, type ServeVars } from "./load-vars.js";
export { ServeProblem } from "./problems.js";
export { runServe, untilStopSignal, type BuildFn, type RunServeOptions } from "./run-serve.js";
export { serveBundle, type ServeHandle, type ServeOptions } from "./serve-bundle.js";
