/** Options for runHealth in tests: local servers only, every name pinned, DNS never asked. */
import { runHealth, type HealthOptions } from "../../lib/engines/health/run-health.js";
import type { Pin } from "../../lib/engines/health/pins.js";
import type { Resolver } from "../../lib/engines/health/safe-lookup.js";
import type { LinkToCheck } from "../../lib/engines/health/select-links.js";
import { TEST_POLICY } from "./policy.js";

export const TEST_UA = "shortlinks/0.0.0-test (link health check)";

/** A resolver that answers from a table and fails like DNS for anything else: no query leaves. */
export function tableResolver(table: Record<string, string[]> = {}): Resolver {
  return async (hostname) => {
    const found = table[hostname];
    if (!found)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}

/** Pins each host name to 127.0.0.1 on the port given. */
export function pinLocal(port: number, ...hosts: string[]): Pin[] {
  return hosts.map((host) => ({ host, port, addresses: ["127.0.0.1"] }));
}

export function healthOptions(
  links: LinkToCheck[],
  overrides: Partial<HealthOptions> = {},
): HealthOptions {
  return {
    links,
    policy: TEST_POLICY,
    userAgent: TEST_UA,
    concurrency: 4,
    perHost: 2,
    timeoutMs: 5_000,
    deadlineMs: 60_000,
    slowMs: 60_000,
    retries: 0,
    retryDelayMs: 0,
    maxRedirects: 5,
    resolver: tableResolver(),
    ...overrides,
  };
}

/** Runs one link and returns its result. */
export async function checkOne(target: string, overrides: Partial<HealthOptions> = {}) {
  const run = await runHealth(healthOptions([{ slug: "x", target }], overrides));
  return run.report.results[0];
}
