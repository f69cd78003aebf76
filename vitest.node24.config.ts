// The Node 24 pass (scripts/test-node24.mjs): every suite of vitest.config.ts but the browser
// tests, plus test/node24/, which needs Node 24 and the tools installed for it.
import { configDefaults, defineConfig } from "vitest/config";
import base from "./vitest.config.js";

export default defineConfig({
  test: { ...base.test, exclude: [...configDefaults.exclude, "test/browser/**"] },
});
