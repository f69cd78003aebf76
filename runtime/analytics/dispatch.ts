/**
 * Background delivery: every request in parallel, each with its own timeout, never retried,
 * never thrown. Each failure is counted and logged once, without URL, token or query.
 */
import type { DispatchOptions, OutgoingRequest, Provider } from "./types.js";

export const ANALYTICS_TIMEOUT_MS = 3000;

export interface ProviderCounters {
  sent: number;
  /** Answered with a non-2xx status. */
  http_error: number;
  /** Aborted by the timeout. */
  timeout: number;
  /** Refused, unreachable, or any other fetch failure. */
  network_error: number;
}

const zero = (): ProviderCounters => ({ sent: 0, http_error: 0, timeout: 0, network_error: 0 });
const counters: Record<Provider, ProviderCounters> = {
  provider_a: zero(),
  provider_b: zero(),
  fathom: zero(),
};

/** A copy of this isolate's delivery counters. */
export function analyticsCounters(): Record<Provider, ProviderCounters> {
  return {
    provider_a: { ...counters.provider_a },
    provider_b: { ...counters.provider_b },
    fathom: { ...counters.fathom },
  };
}

export function resetAnalyticsCounters(): void {
  for (const c of Object.values(counters))
    Object.assign(c, { sent: 0, http_error: 0, timeout: 0, network_error: 0 });
}

export interface DeliveryResult {
  provider: Provider;
  event: string;
  /** HTTP status, or 0 when no answer came. */
  status: number;
  /** The answer's body (at most 2000 characters), or the failure's kind. */
  body: string;
}

/** Resolves when every request has been answered or has failed; never rejects. */
export async function deliverAll(
  requests: OutgoingRequest[],
  options: DispatchOptions = {},
): Promise<DeliveryResult[]> {
  return Promise.all(requests.map((request) => deliver(request, options)));
}

async function deliver(
  request: OutgoingRequest,
  options: DispatchOptions,
): Promise<DeliveryResult> {
  const doFetch = options.fetch ?? fetch;
  const ms = options.timeoutMs ?? ANALYTICS_TIMEOUT_MS;
  const result: DeliveryResult = {
    provider: request.provider,
    event: request.event,
    status: 0,
    body: "",
  };
  try {
    const response = await doFetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.method === "POST" ? { body: request.body } : {}),
      signal: options.timeoutSignal ? options.timeoutSignal(ms) : AbortSignal.timeout(ms),
    });
    result.status = response.status;
    result.body = (await response.text()).slice(0, 2000);
    if (response.ok) {
      counters[request.provider].sent++;
    } else {
      fail(request, "http_error", `HTTP ${response.status}`);
    }
  } catch (error) {
    const name = error instanceof Error ? error.name : "Error";
    const kind = name === "TimeoutError" || name === "AbortError" ? "timeout" : "network_error";
    result.body = kind;
    fail(request, kind, name);
  }
  return result;
}

function fail(
  request: OutgoingRequest,
  kind: "http_error" | "timeout" | "network_error",
  detail: string,
): void {
  counters[request.provider][kind]++;
  console.warn(
    `shortlinks analytics: ${request.provider} ${request.event} not delivered (${kind}: ${detail})`,
  );
}
