/**
 * The whole check: each distinct target probed once (links sharing a target share the
 * verdict), at most `concurrency` targets at once and `perHost` requests per host, inside an
 * overall deadline after which nothing new starts and requests in flight are cut off.
 */
import type { TargetPolicy } from "../../../runtime/targets/index.js";
import { REAL_CLOCK, type Clock } from "./clock.js";
import { createTransport, sendRequest, type RequestContext } from "./http-request.js";
import { HostLimiter, Limiter } from "./limiter.js";
import { pinTable, type Pin } from "./pins.js";
import { probeTarget } from "./probe-target.js";
import { SYSTEM_RESOLVER, type Resolver } from "./safe-lookup.js";
import type { LinkToCheck } from "./select-links.js";
import { sortResults, type HealthReport, type Probe } from "./types.js";

export interface HealthOptions {
  links: readonly LinkToCheck[];
  policy: TargetPolicy;
  userAgent: string;
  concurrency: number;
  perHost: number;
  /** Per request: connect, TLS and the answer's headers. */
  timeoutMs: number;
  /** For the whole run. */
  deadlineMs: number;
  slowMs: number;
  retries: number;
  retryDelayMs: number;
  maxRedirects: number;
  pins?: readonly Pin[];
  clock?: Clock;
  resolver?: Resolver;
  /** Extra trusted CA certificates (PEM), on top of Node's. */
  ca?: string;
  onProgress?: (done: number, total: number) => void;
}

export interface HealthRun {
  report: HealthReport;
  /** The deadline passed before every target was checked. */
  deadlineReached: boolean;
}

export const HEALTH_DEFAULTS = {
  concurrency: 32,
  perHost: 2,
  timeoutMs: 10_000,
  deadlineMs: 300_000,
  slowMs: 3_000,
  retries: 1,
  retryDelayMs: 1_000,
  maxRedirects: 10,
} as const;

export async function runHealth(options: HealthOptions): Promise<HealthRun> {
  const clock = options.clock ?? REAL_CLOCK;
  const deadline = new AbortController();
  const cancelDeadline = clock.after(options.deadlineMs, () => deadline.abort());
  const transport = createTransport({ ca: options.ca });
  const hosts = new HostLimiter(options.perHost);
  const request: RequestContext = {
    transport,
    clock,
    timeoutMs: options.timeoutMs,
    userAgent: options.userAgent,
    pins: pinTable(options.pins ?? []),
    resolver: options.resolver ?? SYSTEM_RESOLVER,
    signal: deadline.signal,
  };
  const probePolicy = {
    policy: options.policy,
    clock,
    maxRedirects: options.maxRedirects,
    slowMs: options.slowMs,
    retries: options.retries,
    retryDelayMs: options.retryDelayMs,
    signal: deadline.signal,
    send: (url: URL, method: "HEAD" | "GET", onQueued?: (ms: number) => void) => {
      const queued = clock.now();
      return hosts.run(url.hostname, () => {
        onQueued?.(clock.now() - queued);
        return sendRequest(url, method, request);
      });
    },
  };

  const byTarget = new Map<string, LinkToCheck>();
  for (const link of options.links) if (!byTarget.has(link.target)) byTarget.set(link.target, link);
  const probes = new Map<string, Probe>();
  const slots = new Limiter(options.concurrency);
  let done = 0;
  try {
    await Promise.all(
      [...byTarget.values()].map((link) =>
        slots.run(async () => {
          const probe = deadline.signal.aborted
            ? notStarted(link.target, options.deadlineMs)
            : await probeTarget(link.target, probePolicy, link.allow);
          probes.set(link.target, probe);
          options.onProgress?.(++done, byTarget.size);
        }),
      ),
    );
  } finally {
    cancelDeadline();
    transport.close();
  }
  const results = options.links.map((link) => ({
    slug: link.slug,
    ...(link.route !== undefined ? { route: link.route } : {}),
    ...(link.variant !== undefined ? { variant: link.variant } : {}),
    ...(link.preview_image ? { preview_image: true as const } : {}),
    target: link.target,
    ...(probes.get(link.target) as Probe),
  }));
  return {
    report: { checked: results.length, results: sortResults(results) },
    deadlineReached: deadline.signal.aborted,
  };
}

function notStarted(target: string, deadlineMs: number): Probe {
  return {
    class: "unchecked",
    status: null,
    chain: [],
    final_url: target,
    problem: `not checked: the overall deadline (${deadlineMs} ms) passed first`,
    ms: 0,
  };
}
