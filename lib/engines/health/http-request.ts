/**
 * One HTTP request, no redirect following, through node:http(s). Chosen over Node's fetch
 * (undici): the `lookup` hook per request is how `--resolve` pins a connection and how every
 * resolved address is checked before connecting, with the Host header and TLS name left to the
 * URL; fetch offers that only through an undici Agent from the separately installed package.
 * See docs/health.md.
 */
import http from "node:http";
import https from "node:https";
import type { Clock } from "./clock.js";
import { DeadlineError, netProblem, ProbeTimeoutError, type NetProblem } from "./net-problem.js";
import { safeLookup, type Resolver } from "./safe-lookup.js";
import type { PinTable } from "./pins.js";

export type Answer =
  | { ok: true; status: number; location: string | null; retryAfter: string | null }
  | { ok: false; problem: NetProblem };

/** Keep-alive connection pools for one run; `close()` ends them. */
export interface Transport {
  http: http.Agent;
  https: https.Agent;
  close(): void;
}

export function createTransport(options: { ca?: string | Buffer } = {}): Transport {
  const agents = {
    http: new http.Agent({ keepAlive: true }),
    https: new https.Agent({ keepAlive: true, ...(options.ca ? { ca: options.ca } : {}) }),
  };
  return {
    ...agents,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

export interface RequestContext {
  transport: Transport;
  clock: Clock;
  timeoutMs: number;
  userAgent: string;
  pins: PinTable;
  resolver: Resolver;
  /** The overall deadline: aborting it ends the request at once. */
  signal: AbortSignal;
}

export function sendRequest(
  url: URL,
  method: "HEAD" | "GET",
  ctx: RequestContext,
): Promise<Answer> {
  const secure = url.protocol === "https:";
  const port = url.port ? Number(url.port) : secure ? 443 : 80;
  return new Promise((resolve) => {
    if (ctx.signal.aborted) {
      resolve({ ok: false, problem: netProblem(new DeadlineError("the overall deadline passed")) });
      return;
    }
    let settled = false;
    const finish = (answer: Answer) => {
      if (settled) return;
      settled = true;
      cancelTimer();
      ctx.signal.removeEventListener("abort", onAbort);
      resolve(answer);
    };
    const request = (secure ? https : http).request({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[(.*)\]$/, "$1"),
      port,
      path: url.pathname + url.search,
      method,
      agent: secure ? ctx.transport.https : ctx.transport.http,
      lookup: safeLookup({ port, pins: ctx.pins, resolver: ctx.resolver }),
      headers: { "user-agent": ctx.userAgent, accept: "*/*" },
    });
    const cancelTimer = ctx.clock.after(ctx.timeoutMs, () =>
      request.destroy(new ProbeTimeoutError(`no answer within ${ctx.timeoutMs} ms`)),
    );
    const onAbort = () => request.destroy(new DeadlineError("the overall deadline passed"));
    ctx.signal.addEventListener("abort", onAbort, { once: true });
    request.on("response", (response) => {
      finish({
        ok: true,
        status: response.statusCode ?? 0,
        location: header(response.headers.location),
        retryAfter: header(response.headers["retry-after"]),
      });
      // Only the status line and headers matter: a HEAD answer has no body and frees the
      // connection for reuse; a GET body is never downloaded.
      if (method === "HEAD") response.resume();
      else response.destroy();
    });
    request.on("error", (error) => finish({ ok: false, problem: netProblem(error) }));
    request.end();
  });
}

function header(value: string | string[] | undefined): string | null {
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}
