/**
 * custom/tests.yaml: the instance's expectations (SL503 for a bad row), compiled into the site
 * config for the tests page and for `check` (unmet-expectations.ts).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import type { Expectation } from "../../../../runtime/contract/index.js";
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { parseIsoWithOffset } from "../../2-validate/schedules.js";
import { parseLocated } from "../../../shared/yaml-lines.js";
import { issuesToDiagnostics } from "../../../shared/zod-issues.js";
import { appendAll } from "../../../shared/lists.js";
import { TESTS_FILE } from "../../../shared/paths.js";

const EXPECTATION_SCHEMA = z.strictObject({
  path: z
    .string({ error: "expected a path starting with /" })
    .regex(/^\//, { error: "expected a path starting with /" }),
  at: z
    .string({ error: "expected an ISO 8601 time with an offset" })
    .refine((t) => parseIsoWithOffset(t) !== undefined, {
      error: "expected an ISO 8601 time with an offset",
    })
    .optional(),
  status: z
    .number({ error: "expected an HTTP status" })
    .int({ error: "expected an HTTP status" })
    .min(100, { error: "expected an HTTP status" })
    .max(599, { error: "expected an HTTP status" }),
  location: z.string({ error: "expected the Location URL as text" }).optional(),
});

export async function loadExpectations(
  root: string,
): Promise<{ expectations: Expectation[]; diagnostics: Diagnostic[] }> {
  let text: string;
  try {
    text = await readFile(join(root, TESTS_FILE), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      return { expectations: [], diagnostics: [] };
    throw error;
  }
  const located = parseLocated(text);
  if (located.errors.length > 0) {
    return {
      expectations: [],
      diagnostics: located.errors.map((e) =>
        diag("SL503", { file: TESTS_FILE, line: e.line }, `cannot parse: ${e.message}`),
      ),
    };
  }
  const rows = located.value ?? [];
  if (!Array.isArray(rows)) {
    return {
      expectations: [],
      diagnostics: [
        diag(
          "SL503",
          { file: TESTS_FILE, line: 1 },
          "expected a list of {path, at?, status, location?}",
        ),
      ],
    };
  }
  const expectations: Expectation[] = [];
  const diagnostics: Diagnostic[] = [];
  rows.forEach((row: unknown, index: number) => {
    const line = located.lineOf([index]);
    const result = EXPECTATION_SCHEMA.safeParse(row);
    if (!result.success) {
      appendAll(
        diagnostics,
        issuesToDiagnostics(result.error, {
          file: TESTS_FILE,
          lineOf: (path) => located.lineOf([index, ...path]),
          raw: row,
          codes: { missing: "SL503", unknown: "SL503", invalid: "SL503" },
        }),
      );
      return;
    }
    const e: Expectation = {
      path: result.data.path,
      status: result.data.status,
      file: TESTS_FILE,
      line,
    };
    if (result.data.at !== undefined) e.at = result.data.at;
    if (result.data.location !== undefined) e.location = result.data.location;
    expectations.push(e);
  });
  return { expectations, diagnostics };
}
