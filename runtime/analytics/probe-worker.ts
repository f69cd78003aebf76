/**
 * The worker `shortlinks analytics test` runs in workerd (it is not part of the deployed bundle):
 * each test event is built from a visitor request by the runtime's own analytics code and
 * delivered with workerd's fetch, as the deployed worker would, and every provider's answer is
 * reported back. Input: POST JSON `{cases, timeoutMs?}`; output: JSON `{problems, results}`.
 */
import {
  buildAnalyticsRequests,
  deliverAll,
  parseAnalyticsConfig,
  type AnalyticsEnv,
  type EventFacts,
  type Provider,
} from "./index.js";

export interface ProbeCase {
  /** The name the result is reported under (`bot` for a bot's redirect). */
  event: string;
  /** The visitor's request: absolute URL, method, headers. */
  url: string;
  method: string;
  headers: Record<string, string>;
  facts: EventFacts;
}

export interface ProbeInput {
  cases: ProbeCase[];
  /** Per-provider timeout; the runtime's default when absent. */
  timeoutMs?: number;
}

export interface ProbeResult {
  provider: Provider;
  event: string;
  /** HTTP status, or 0 when no answer came (then `body` says timeout or network_error). */
  status: number;
  body: string;
}

export interface ProbeOutput {
  problems: string[];
  results: ProbeResult[];
}

/** One case after the other; both providers in parallel for each. */
export async function runProbe(input: ProbeInput, env: AnalyticsEnv): Promise<ProbeOutput> {
  const config = parseAnalyticsConfig(env);
  const results: ProbeResult[] = [];
  for (const c of input.cases) {
    const visitor = new Request(c.url, { method: c.method, headers: c.headers });
    const requests = buildAnalyticsRequests(visitor, config, c.facts);
    const delivered = await deliverAll(requests, { timeoutMs: input.timeoutMs });
    for (const d of delivered)
      results.push({ provider: d.provider, event: c.event, status: d.status, body: d.body });
  }
  return { problems: config.problems, results };
}

export default {
  async fetch(request: Request, env: AnalyticsEnv): Promise<Response> {
    try {
      return Response.json(await runProbe((await request.json()) as ProbeInput, env));
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return Response.json({ error: message }, { status: 500 });
    }
  },
};
