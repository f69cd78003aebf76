/**
 * An analytics collector on 127.0.0.1 whose answers wait behind a gate, so a test can see what the
 * worker did while a collection request was still open: answered the visitor or not, aborted the
 * delivery or not. With the gate open it answers at once (200, or `status`).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface HeldRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** The worker closed the connection before the collector answered. */
  aborted: boolean;
  answered: boolean;
}

export interface GatedCollector {
  url: string;
  received: HeldRequest[];
  /** Waits (bounded by `maxMs`) until `count` requests have arrived in full. */
  waitFor(count: number, maxMs?: number): Promise<HeldRequest[]>;
  /** Waits (bounded) until every request received so far was answered or aborted. */
  settled(maxMs?: number): Promise<HeldRequest[]>;
  /** Answers everything held, and everything that comes later, at once. */
  open(): void;
  /** Holds answers again (the default). */
  close(): void;
  stop(): Promise<void>;
}

export async function startGatedCollector(
  options: { status?: number } = {},
): Promise<GatedCollector> {
  const received: HeldRequest[] = [];
  let held: { req: HeldRequest; res: ServerResponse }[] = [];
  let isOpen = false;
  const answer = (req: HeldRequest, res: ServerResponse) => {
    if (req.aborted) return;
    res
      .writeHead(options.status ?? 200, { "content-type": "application/json" })
      .end('{"ok":true}', () => (req.answered = true));
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const record: HeldRequest = {
        path: req.url ?? "",
        headers: req.headers,
        body: parse(Buffer.concat(chunks).toString("utf8")),
        aborted: false,
        answered: false,
      };
      res.on("close", () => {
        if (!res.writableFinished) record.aborted = true;
      });
      received.push(record);
      if (isOpen) answer(record, res);
      else held.push({ req: record, res });
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    async waitFor(count, maxMs = 5000) {
      for (let waited = 0; received.length < count && waited < maxMs; waited += 20)
        await new Promise((r) => setTimeout(r, 20));
      return received;
    },
    async settled(maxMs = 5000) {
      const done = () => received.every((r) => r.answered || r.aborted);
      for (let waited = 0; !done() && waited < maxMs; waited += 20)
        await new Promise((r) => setTimeout(r, 20));
      return received;
    },
    open() {
      isOpen = true;
      held.forEach(({ req, res }) => answer(req, res));
      held = [];
    },
    close() {
      isOpen = false;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
