/**
 * The instance's expectations (custom/tests.yaml, compiled into the tests pages) against real
 * answers. One implementation: the tests page shows its results, and `shortlinks check` reports
 * the unmet ones (lib/engines/check/unmet-expectations.ts).
 */
import type { Expectation } from "./contract/index.js";

export interface ExpectationResult {
  path: string;
  at?: string;
  expected: { status: number; location?: string };
  actual: { status: number; location?: string };
  pass: boolean;
  file: string;
  line: number;
}

/** What a request gets at a moment: the worker's own answer (passed in, so this module stays below worker.ts). */
export type AnswerAt = (request: Request, at: Date) => Promise<Response>;

/** Each expectation against the answer `answer` gives at its time (or `now`). */
export async function evaluateExpectations(
  expectations: readonly Expectation[],
  origin: string,
  answer: AnswerAt,
  now: Date,
): Promise<ExpectationResult[]> {
  const results: ExpectationResult[] = [];
  for (const e of expectations) {
    const response = await answer(new Request(origin + e.path), e.at ? new Date(e.at) : now);
    const location = response.headers.get("location") ?? undefined;
    const actual = { status: response.status, ...(location ? { location } : {}) };
    const pass =
      actual.status === e.status && (e.location === undefined || e.location === location);
    results.push({
      path: e.path,
      ...(e.at ? { at: e.at } : {}),
      expected: { status: e.status, ...(e.location ? { location: e.location } : {}) },
      actual,
      pass,
      file: e.file,
      line: e.line,
    });
  }
  return results;
}
