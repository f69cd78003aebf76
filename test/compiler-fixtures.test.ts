/**
 * One broken instance per diagnostic code (fixtures/slNNN-*), each compared with its golden
 * printed diagnostics (expected.txt). UPDATE_GOLDENS=1 rewrites the goldens.
 */
import { mkdirSync, openSync, closeSync, ftruncateSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkInstance } from "../lib/engines/check/check.js";
import { compileInstance } from "../lib/stages/compile.js";
import { formatDiagnostic } from "../lib/shared/diagnostics.js";
import { MAX_ASSET_BYTES } from "../runtime/contract/index.js";
import { assetSchemaProblems } from "../lib/stages/4-assets/asset-schemas.js";
import { expectGolden } from "./golden.js";
import { tinyInstance } from "./support/tiny-instance.js";
import {
  DIAGNOSTIC_CODES,
  NO_FIXTURE,
  type DiagnosticCode,
} from "../lib/shared/diagnostic-codes.js";

const FIXTURES = join(import.meta.dirname, "..", "fixtures");
const CASES = readdirSync(FIXTURES)
  .filter((name) => /^sl\d{3}-/.test(name))
  .sort();
const codeOf = (name: string) => ("SL" + name.slice(2, 5)) as DiagnosticCode;
const CODES = Object.keys(DIAGNOSTIC_CODES) as DiagnosticCode[];

/** Codes of the `check` stage need the whole check (bundle, src/worker.js, expectations). */
async function diagnose(name: string) {
  const root = join(FIXTURES, name);
  return DIAGNOSTIC_CODES[codeOf(name)]?.stage === "check"
    ? checkInstance({ root })
    : compileInstance({ root, skipBundle: true, emit: false });
}

describe("diagnostic fixtures", () => {
  it.each(CASES)(
    "%s: reports its code, and prints exactly its golden diagnostics",
    async (name) => {
      const result = await diagnose(name);
      expect(result.diagnostics.map((d) => d.code)).toContain(codeOf(name));
      const printed = result.diagnostics.map(formatDiagnostic).join("\n") + "\n";
      expectGolden(join(FIXTURES, name, "expected.txt"), printed);
    },
  );

  it.each(CASES)("%s is named after a registered code", (name) => {
    expect(CODES).toContain(codeOf(name));
  });

  it.each(CODES.filter((c) => NO_FIXTURE[c] === undefined))("%s has a fixture", (code) => {
    expect(CASES.map(codeOf)).toContain(code);
  });

  it.each(Object.keys(NO_FIXTURE) as DiagnosticCode[])(
    "%s is exempt from fixtures, so it has none",
    (code) => {
      expect(CASES.map(codeOf)).not.toContain(code);
    },
  );

  it("SL505: a custom public file over the platform's 25 MiB limit is refused", async () => {
    const root = tinyInstance("shortlinks-sl505-", "- slug: ok\n  target: https://example.com/\n");
    try {
      mkdirSync(join(root, "custom", "public"), { recursive: true });
      const fd = openSync(join(root, "custom", "public", "big.bin"), "w");
      ftruncateSync(fd, MAX_ASSET_BYTES + 1);
      closeSync(fd);
      const result = await compileInstance({ root, skipBundle: true, emit: false });
      expect(result.diagnostics.map((d) => [d.code, d.file])).toEqual([
        ["SL505", "custom/public/big.bin"],
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it.each([
    [
      {
        schema: "shortlinks.registry/2",
        case_sensitive: false,
        shard_count: 0,
        exact_count: 0,
        splat_count: 0,
        splat_depths: [],
        filter_bits: 64,
        filter_hashes: 7,
      },
      "shard_count",
    ],
    [
      {
        schema: "shortlinks.registry/2",
        case_sensitive: false,
        shard_count: 1,
        exact_count: 0,
        splat_count: 2,
        splat_depths: [2, 1],
        filter_bits: 64,
        filter_hashes: 7,
      },
      "splat_depths",
    ],
    [
      {
        schema: "shortlinks.registry/2",
        case_sensitive: false,
        shard_count: 1,
        exact_count: 1,
        splat_count: 0,
        splat_depths: [],
        filter_bits: 100,
        filter_hashes: 7,
      },
      "filter_bits",
    ],
    [
      {
        schema: "shortlinks.custom-assets/1",
        files: [{ path: "x", content_type: "a", sha256: "z", csp: "strict" }],
      },
      "files.0.path",
    ],
    [{ schema: "shortlinks.nothing/1" }, "unknown schema"],
  ])("SL330: a generated asset that breaks its schema is caught (%#)", (value, problem) => {
    expect(assetSchemaProblems(value).join("\n")).toContain(problem);
  });
});
