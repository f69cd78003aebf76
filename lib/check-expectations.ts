/**
 * The instance's expectations (custom/tests.yaml), evaluated at check time by the very code the
 * worker runs (answerRequest over the compiled assets, in memory).
 */
import { loadRuntimeData } from "../runtime/registry/store.js";
import type { Expectation } from "../runtime/types.js";
import { answerRequest } from "../runtime/worker.js";
import { diag, type Diagnostic } from "./diagnostics.js";
import { memoryAssets } from "./explain/memory-assets.js";
import type { OutputFile } from "./output-files.js";

export async function evaluateExpectations(
  files: readonly OutputFile[],
  expectations: readonly Expectation[],
  now = new Date(),
): Promise<Diagnostic[]> {
  if (expectations.length === 0) return [];
  const assets = memoryAssets(files);
  const data = await loadRuntimeData(assets);
  const origin = new URL(data.site.base_url).origin;
  const out: Diagnostic[] = [];
  for (const e of expectations) {
    const at = e.at ? new Date(e.at) : now;
    const { response } = await answerRequest(
      new Request(origin + e.path),
      { ASSETS: assets },
      data,
      at,
    );
    const location = response.headers.get("location");
    const when = e.at ? ` at ${e.at}` : "";
    if (response.status !== e.status) {
      out.push(
        diag(
          "SL506",
          e,
          `GET ${e.path}${when}: expected status ${e.status}, got ${response.status}${location ? ` (Location ${location})` : ""}`,
          "run `shortlinks explain` on the path to see why",
        ),
      );
    } else if (e.location !== undefined && location !== e.location) {
      out.push(
        diag(
          "SL506",
          e,
          `GET ${e.path}${when}: expected Location ${e.location}, got ${location ?? "none"}`,
          "run `shortlinks explain` on the path to see why",
        ),
      );
    }
  }
  return out;
}
