/**
 * SL506: the instance's expectations (custom/tests.yaml) that the compiled instance does not
 * meet, evaluated at check time by the very code the worker runs (runtime/expectations.ts and
 * the engine, runtime/engine/answer.ts, over the compiled assets in memory).
 */
import type { Expectation } from "../../../runtime/contract/index.js";
import { answerRequest } from "../../../runtime/engine/answer.js";
import { filesInstance, instanceForHost } from "../../shared/memory-instance.js";
import { evaluateExpectations, type ExpectationResult } from "../../../runtime/expectations.js";
import type { GivenFacts } from "../../../runtime/link-routes/facts.js";
import { describeNamedFacts } from "../explain/named-facts.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { appendAll } from "../../shared/lists.js";
import { assetFiles, type OutputFile } from "../../stages/5-bundle/output-files.js";

export async function unmetExpectations(
  files: readonly OutputFile[],
  expectations: readonly Expectation[],
  now = new Date(),
): Promise<Diagnostic[]> {
  if (expectations.length === 0) return [];
  const { instance: whole, env } = await filesInstance(assetFiles(files));
  const results: ExpectationResult[] = [];
  // Each on the host it names (docs/domains.md), as that host's tests page evaluates it.
  const byHost = new Map<string | undefined, Expectation[]>();
  for (const e of expectations) byHost.set(e.domain, [...(byHost.get(e.domain) ?? []), e]);
  for (const [host, asked] of byHost) {
    const instance = await instanceForHost(whole, host);
    if (instance === null) continue; // load-expectations.ts refuses an unlisted host (SL503)
    const answer = async (request: Request, at: Date, given: GivenFacts) =>
      (await answerRequest(request, env, instance, at, given)).response;
    const origin = new URL(instance.site.base_url).origin;
    appendAll(results, await evaluateExpectations(asked, origin, answer, now));
  }
  return results
    .filter((r) => !r.pass)
    .map((r) => {
      const when =
        (r.domain ? ` on ${r.domain}` : "") +
        (r.at ? ` at ${r.at}` : "") +
        (r.facts ? ` (${describeNamedFacts(r.facts)})` : "");
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
