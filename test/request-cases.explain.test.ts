// The shared request case table against `shortlinks explain` (the same runtime code over the compiled instance).
import { beforeAll, describe, expect, it } from "vitest";
import { REQUEST_CASES } from "./cases/requests.js";
import { mismatches } from "./support/check-case.js";
import { CASE_INSTANCE } from "./support/build-instance.js";
import { createExplainer, type Explanation } from "../lib/explain/explain.js";

let explain: (c: (typeof REQUEST_CASES)[number]) => Promise<Explanation>;

beforeAll(async () => {
  const explainer = await createExplainer(CASE_INSTANCE);
  if (!explainer.ok)
    throw new Error(`the case instance does not compile: ${JSON.stringify(explainer.diagnostics)}`);
  explain = (c) => explainer.explain({ path: c.path, method: c.method, headers: c.headers });
});

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
  });
});
