/**
 * The workerd harness: a built bundle running in workerd through miniflare, configured by the same
 * `engineOptions` as `shortlinks serve`. Outgoing fetches never leave this machine: they go to the
 * `outbound` handler (default: refused with 502 and recorded). One instance per test file.
 * What the worker logs is captured in `logs` for the tests to assert, not printed.
 */
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { Miniflare, type RequestInit as EngineRequestInit } from "miniflare";
import { engineOptions, type OutboundHandler } from "../../lib/engines/serve/engine-options.js";
import { readBundleConfig } from "../../lib/engines/serve/bundle-config.js";

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
  /** Every line workerd wrote (the worker's console), in order: captured, not printed. */
  logs: string[];
  /** Waits (at most `maxMs`) until at least `count` lines are logged; returns `logs`. */
  waitForLogs(count: number, maxMs?: number): Promise<string[]>;
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
  const logs: string[] = [];
  const logWaiters: (() => void)[] = [];
  const collect = (stream: Readable) =>
    createInterface({ input: stream }).on("line", (line) => {
      logs.push(line);
      logWaiters.splice(0).forEach((wake) => wake());
    });
  const mf = new Miniflare({
    ...engineOptions({
      bundle,
      vars: { ...bundle.vars, ...options.vars },
      host: "127.0.0.1",
      port: 0,
      cf: options.cf,
      outbound: record,
    }),
    handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
      collect(stdout);
      collect(stderr);
    },
  });
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

  async function waitForLogs(count: number, maxMs = 5000): Promise<string[]> {
    const deadline = Date.now() + maxMs;
    while (logs.length < count && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        logWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return logs;
  }

  return { url, outbound, logs, waitForLogs, fetch, dispose: () => mf.dispose() };
}
