/**
 * A real local HTTP collector for analytics tests: listens on 127.0.0.1 (ephemeral port),
 * records every request, and answers 200, answers 500, or never answers.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type CollectorMode = "ok" | "error" | "hang";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON when the body is JSON, the raw text otherwise. */
  body: unknown;
}

export interface Collector {
  /** Base URL, for example `http://127.0.0.1:40123`; append the provider path. */
  url: string;
  received: ReceivedRequest[];
  /** Resolves once `count` requests have been received in full (waits at most `maxMs`). */
  waitFor(count: number, maxMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export interface CollectorOptions {
  mode?: CollectorMode;
  /** Body of a 200 answer; default `{"ok":true}`. */
  answer?: unknown;
  /** Body of a 200 answer made from the request (a string is sent as it is, raw). */
  answerOf?: (request: ReceivedRequest) => unknown;
}

export async function startCollector(options: CollectorOptions = {}): Promise<Collector> {
  const mode = options.mode ?? "ok";
  const received: ReceivedRequest[] = [];
  const hanging: ServerResponse[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const request = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: parseBody(text),
      };
      received.push(request);
      waiters.splice(0).forEach((wake) => wake());
      if (mode === "hang") return void hanging.push(res);
      const status = mode === "error" ? 500 : 200;
      const body =
        mode === "error"
          ? { error: "collector told to fail" }
          : (options.answerOf?.(request) ?? options.answer ?? { ok: true });
      res
        .writeHead(status, { "content-type": "application/json" })
        .end(typeof body === "string" ? body : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  async function waitFor(count: number, maxMs = 5000): Promise<ReceivedRequest[]> {
    const deadline = Date.now() + maxMs;
    while (received.length < count && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return received;
  }

  async function close(): Promise<void> {
    hanging.splice(0).forEach((res) => res.destroy());
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  return { url: `http://127.0.0.1:${port}`, received, waitFor, close };
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Runs `send` with a fake execution context, waits for every promise it gave to waitUntil,
 * and returns the requests the collector received meanwhile, by path.
 */
export async function collectFrom(
  collector: Collector,
  send: (ctx: { waitUntil(promise: Promise<unknown>): void }) => void,
): Promise<Map<string, ReceivedRequest>> {
  const before = collector.received.length;
  const promises: Promise<unknown>[] = [];
  send({ waitUntil: (promise) => void promises.push(promise) });
  await Promise.all(promises);
  return new Map(collector.received.slice(before).map((r) => [r.path, r]));
}
