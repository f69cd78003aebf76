/**
 * The workerd harness: a built bundle running in workerd through miniflare, configured by the same
 * `engineOptions` as `shortlinks serve`. Outgoing fetches never leave this machine: they go to the
 * `outbound` handler (default: refused with 502 and recorded). One instance per test file.
 */
import { Miniflare, type RequestInit as EngineRequestInit } from "miniflare";
import { engineOptions, type OutboundHandler } from "../../lib/serve/engine-options.js";
import { readBundleConfig } from "../../lib/serve/bundle-config.js";

export interface WorkerdOptions {
  vars?: Record<string, string>;
  /** A handler answering in Node, or real sockets restricted to 127.0.0.0/8 (not recorded). */
  outbound?: OutboundHandler | "loopback-only";
  /** `request.cf` of requests that do not set their own. */
  cf?: Record<string, unknown>;
}

export interface WorkerdInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** `request.cf` for this request only. */
  cf?: Record<string, unknown>;
}

export interface Workerd {
  /** The HTTP address workerd listens on (127.0.0.1, a free port). */
  url: URL;
  /** Every outgoing request the worker made through a handler, in order. */
  outbound: { method: string; url: string }[];
  /** A request as a visitor at `origin` would send it; redirects are returned, never followed. */
  fetch(path: string, init?: WorkerdInit, origin?: string): Promise<Response>;
  dispose(): Promise<void>;
}

const refuse: OutboundHandler = () =>
  new Response("outbound fetch refused by the test harness", { status: 502 });

export async function startWorkerd(outDir: string, options: WorkerdOptions = {}): Promise<Workerd> {
  const bundle = readBundleConfig(outDir);
  const outbound: Workerd["outbound"] = [];
  const handler = options.outbound ?? refuse;
  const record: OutboundHandler | "loopback-only" =
    handler === "loopback-only"
      ? handler
      : (request) => {
          outbound.push({ method: request.method, url: request.url });
          return handler(request);
        };
  const mf = new Miniflare(
    engineOptions({
      bundle,
      vars: { ...bundle.vars, ...options.vars },
      host: "127.0.0.1",
      port: 0,
      cf: options.cf,
      outbound: record,
    }),
  );
  const url = await mf.ready;

  async function fetch(
    path: string,
    init: WorkerdInit = {},
    origin = "https://links.example.com",
  ): Promise<Response> {
    const request: EngineRequestInit = {
      method: init.method ?? "GET",
      headers: init.headers,
      body: init.body,
      redirect: "manual",
      ...(init.cf ? { cf: init.cf } : {}),
    };
    const answer = await mf.dispatchFetch(origin + path, request);
    const bytes = await answer.arrayBuffer();
    const nullBody = bytes.byteLength === 0 || [101, 204, 205, 304].includes(answer.status);
    return new Response(nullBody ? null : bytes, {
      status: answer.status,
      headers: [...answer.headers],
    });
  }

  return { url, outbound, fetch, dispose: () => mf.dispose() };
}
