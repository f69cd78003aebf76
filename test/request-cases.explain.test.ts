// The shared request case table against `shortlinks explain` (the same runtime code over the compiled instance).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { REQUEST_CASES } from "./cases/requests.js";
import { mismatches } from "./support/check-case.js";
import { CASE_INSTANCE } from "./support/build-instance.js";
import {
  ACCESS_REFUSED,
  captureWarnings,
  type CapturedWarnings,
} from "./support/console-capture.js";
import { createExplainer, type Explanation } from "../lib/explain/explain.js";

let explain: (c: (typeof REQUEST_CASES)[number]) => Promise<Explanation>;
let warnings: CapturedWarnings;

beforeAll(async () => {
  const explainer = await createExplainer(CASE_INSTANCE);
  if (!explainer.ok)
    throw new Error(`the case instance does not compile: ${JSON.stringify(explainer.diagnostics)}`);
  explain = (c) => explainer.explain({ path: c.path, method: c.method, headers: c.headers });
  warnings = captureWarnings();
});
afterAll(() => vi.restoreAllMocks());

describe("request case table: shortlinks explain", () => {
  // explain takes no request body, so body cases run only in the HTTP runners.
  const cases = REQUEST_CASES.filter((c) => c.body === undefined);
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const e = await explain(c);
    expect(mismatches(c, { status: e.outcome.status, headers: new Headers(e.headers) })).toEqual(
      [],
    );
    // The table models the events resolve() decides; pageviews are the worker's, checked elsewhere.
    const decided = e.event && e.event.kind !== "pageview" ? e.event.kind : null;
    if (c.event !== undefined) expect(decided).toBe(c.event);
    // The worker's own code logs each access refusal (the table's 403s), and nothing else.
    const logged = warnings.take();
    if (c.status === 403) expect(logged).toEqual([expect.stringMatching(ACCESS_REFUSED)]);
    else expect(logged).toEqual([]);
  });
});
