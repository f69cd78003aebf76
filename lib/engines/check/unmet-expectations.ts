/**
 * SL506: the instance's expectations (custom/tests.yaml) that the compiled instance does not
 * meet, evaluated at check time by the very code the worker runs (runtime/expectations.ts and
 * the engine, runtime/engine/answer.ts, over the compiled assets in memory).
 */
import type { Expectation } from "../../../runtime/contract/index.js";
import { answerRequest } from "../../../runtime/engine/answer.js";
import { filesInstance } from "../../shared/memory-instance.js";
import { evaluateExpectations } from "../../../runtime/expectations.js";
import type { GivenFacts } from "../../../runtime/link-routes/facts.js";
import { describeNamedFacts } from "../explain/named-facts.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { assetFiles, type OutputFile } from "../../stages/5-bundle/output-files.js";

export async function unmetExpectations(
  files: readonly OutputFile[],
  expectations: readonly Expectation[],
  now = new Date(),
): Promise<Diagnostic[]> {
  if (expectations.length === 0) return [];
  const { instance, env } = await filesInstance(assetFiles(files));
  const answer = async (request: Request, at: Date, given: GivenFacts) =>
    (await answerRequest(request, env, instance, at, given)).response;
  const results = await evaluateExpectations(
    expectations,
    new URL(instance.site.base_url).origin,
    answer,
    now,
  );
  return results
    .filter((r) => !r.pass)
    .map((r) => {
      const when =
        (r.at ? ` at ${r.at}` : "") + (r.facts ? ` (${describeNamedFacts(r.facts)})` : "");
      const got = r.actual.location
        ? `${r.actual.status} (Location ${r.actual.location})`
        : `${r.actual.status}`;
      const message =
        r.actual.status !== r.expected.status
          ? `GET ${r.path}${when}: expected status ${r.expected.status}, got ${got}`
          : `GET ${r.path}${when}: expected Location ${r.expected.location}, got ${r.actual.location ?? "none"}`;
      return diag("SL506", r, message, "run `shortlinks explain` on the path to see why");
    });
}
