/**
 * The instance's expectations (custom/tests.yaml, compiled into the tests pages) against real
 * answers. One implementation: the tests page shows its results, and `shortlinks check` reports
 * the unmet ones (lib/engines/check/unmet-expectations.ts).
 */
import type { Expectation } from "./contract/index.js";
import type { GivenFacts } from "./link-routes/facts.js";
import { namedRequest, type NamedFacts } from "./link-routes/named-facts.js";

export interface ExpectationResult {
  path: string;
  /** The host it was asked on, when not the default host. */
  domain?: string;
  at?: string;
  /** The request facts it was asked with, when it names any. */
  facts?: NamedFacts;
  expected: { status: number; location?: string };
  actual: { status: number; location?: string };
  pass: boolean;
  file: string;
  line: number;
}

/**
 * What a request gets at a moment, with the request facts given (the worker's own answer, passed
 * in, so this module stays below worker.ts).
 */
export type AnswerAt = (request: Request, at: Date, given: GivenFacts) => Promise<Response>;

/** Each expectation against the answer `answer` gives at its time (or `now`). */
export async function evaluateExpectations(
  expectations: readonly Expectation[],
  origin: string,
  answer: AnswerAt,
  now: Date,
): Promise<ExpectationResult[]> {
  const results: ExpectationResult[] = [];
  for (const e of expectations) {
    const named = namedFactsOf(e);
    const { request, given } = namedRequest(origin, e.path, named);
    const response = await answer(request, e.at ? new Date(e.at) : now, given);
    const location = response.headers.get("location") ?? undefined;
    const actual = { status: response.status, ...(location ? { location } : {}) };
    const pass =
      actual.status === e.status && (e.location === undefined || e.location === location);
    results.push({
      path: e.path,
      ...(e.domain ? { domain: e.domain } : {}),
      ...(e.at ? { at: e.at } : {}),
      ...(Object.keys(named).length > 0 ? { facts: named } : {}),
      expected: { status: e.status, ...(e.location ? { location: e.location } : {}) },
      actual,
      pass,
      file: e.file,
      line: e.line,
    });
  }
  return results;
}

/** The request facts of an expectation: every field but what it asks and where it is written. */
function namedFactsOf(e: Expectation): NamedFacts {
  // The host is where the request goes, not a fact of it (docs/domains.md).
  const {
    path: _p,
    at: _a,
    status: _s,
    location: _l,
    file: _f,
    line: _n,
    domain: _d,
    ...named
  } = e;
  return named;
}
