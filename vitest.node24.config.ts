// The Node 24 pass of `npm test` (scripts/test-node24.mjs): what runs on the user's Node, where
// its version can change the answer — the CLI started as a user starts it, the package installed,
// the compiler, the command and file-system layers (ON_USERS_NODE), plus test/node24/, which needs
// Node 24 and the tools installed for it. The rest runs on the first pass only, each group for a
// reason written beside it in FIRST_PASS_ONLY: the worker's code (workerd runs it in production,
// never the user's Node), the engines' unit tests (their Node use runs here through the CLI
// suites), the stress suites, and checks of the repository itself. test/test-passes.test.ts fails
// when a test file is in neither pass or skips this one under no rule (CONTRIBUTING.md, "Tests and
// benchmarks").
import { passConfig } from "./test/support/vitest-pass.js";
import { FIRST_PASS_ONLY, ON_USERS_NODE } from "./test/support/test-passes.js";

export default passConfig(ON_USERS_NODE, FIRST_PASS_ONLY.stress);
