/**
 * HTTP and HTTPS servers for link-health tests: 127.0.0.1 only, port 0, started and closed by
 * the test. Each records what it was asked (method, path, Host, User-Agent, TLS name).
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { TLSSocket } from "node:tls";

export interface Seen {
  method: string;
  path: string;
  host: string;
  userAgent: string;
  servername?: string;
}

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface LocalServer {
  port: number;
  seen: Seen[];
  close(): Promise<void>;
}

const TLS_DIR = join(import.meta.dirname, "..", "fixtures", "health-tls");
/** A self-signed certificate for secure.example and untrusted.example (test only). */
export const TEST_CERT = readFileSync(join(TLS_DIR, "cert.pem"), "utf8");
const TEST_KEY = readFileSync(join(TLS_DIR, "key.pem"), "utf8");

export async function startServer(
  handler: Handler,
  options: { tls?: boolean } = {},
): Promise<LocalServer> {
  const seen: Seen[] = [];
  const listener: Handler = (req, res) => {
    seen.push({
      method: req.method ?? "",
      path: req.url ?? "",
      host: req.headers.host ?? "",
      userAgent: req.headers["user-agent"] ?? "",
      servername: (req.socket as TLSSocket).servername || undefined,
    });
    handler(req, res);
  };
  const server = options.tls
    ? https.createServer({ cert: TEST_CERT, key: TEST_KEY }, listener)
    : http.createServer(listener);
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** Answers by path from a table; unknown paths get 404. */
export function routes(table: Record<string, Handler>): Handler {
  return (req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    (table[path] ?? ((_, r) => r.writeHead(404).end()))(req, res);
  };
}

export const status =
  (code: number, headers: Record<string, string> = {}): Handler =>
  (_, res) =>
    res.writeHead(code, headers).end();

/** A redirect; a function location is read per request (for ports known only after listen). */
export const redirect =
  (location: string | (() => string), code = 301): Handler =>
  (_, res) =>
    res.writeHead(code, { location: typeof location === "string" ? location : location() }).end();
