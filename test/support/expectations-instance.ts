/**
 * A tiny instance whose custom/tests.yaml a test rewrites, and `check`'s answer to it: the
 * compile's diagnostics, then the expectations the engine does not meet (as `check` reports them).
 */
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Diagnostic } from "../../lib/shared/diagnostics.js";
import { compileInstance } from "../../lib/stages/compile.js";
import { unmetExpectations } from "../../lib/engines/check/unmet-expectations.js";
import { tinyInstance } from "./tiny-instance.js";

export interface ExpectationsInstance {
  root: string;
  /** Writes `testsYaml` as custom/tests.yaml and answers it as `check` does. */
  check(testsYaml: string): Promise<Diagnostic[]>;
  remove(): void;
}

export function expectationsInstance(
  prefix: string,
  linksYaml: string,
  siteYaml?: string,
): ExpectationsInstance {
  const root = tinyInstance(prefix, linksYaml, siteYaml);
  return {
    root,
    async check(testsYaml) {
      writeFileSync(join(root, "custom", "tests.yaml"), testsYaml);
      const compiled = await compileInstance({ root, skipBundle: true });
      if (!compiled.files || !compiled.tables) return compiled.diagnostics;
      return [
        ...compiled.diagnostics,
        ...(await unmetExpectations(compiled.files, compiled.tables.expectations)),
      ];
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
