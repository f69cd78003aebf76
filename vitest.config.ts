// The first pass of `npm test`, on the machine's Node: every suite but the Node 24 tests
// (test/support/test-passes.ts says which run where, and why).
import { passConfig } from "./test/support/vitest-pass.js";
import { NODE24_ONLY, SUITES } from "./test/support/test-passes.js";

export default passConfig(SUITES, NODE24_ONLY);
