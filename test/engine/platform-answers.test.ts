/**
 * Requests the platform answers before the worker runs, and requests that look broken but reach
 * it. Raw HTTP over one loopback socket each (workerd on 127.0.0.1, port 0). What the worker
 * answers must carry every mandatory control; what workerd answers itself (absolute-form
 * targets, a malformed Content-Length, no Host) carries none, and is listed in docs/serve.md.
 */
import { readFile } from "node:fs/promises";
import { connect } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MANDATORY_CONTROLS } from "../../runtime/http/mandatory.js";
import { buildInstance, CASE_INSTANCE } from "../support/build-instance.js";
import { startWorkerd, type Workerd } from "./workerd.js";

interface RawAnswer {
  status: number;
  headers: Headers;
}

/** Sends `text` and reads the answer's head (at most 5 s); loopback only. */
function rawRequest(port: number, text: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    let received = "";
    const timer = setTimeout(() => socket.destroy(new Error("no answer in 5 s")), 5000);
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      const end = received.indexOf("\r\n\r\n");
      if (end < 0) return;
      clearTimeout(timer);
      socket.destroy();
      const [statusLine, ...lines] = received.slice(0, end).split("\r\n");
      const headers = new Headers();
      for (const l of lines) {
        const colon = l.indexOf(":");
        if (colon > 0) headers.append(l.slice(0, colon).trim(), l.slice(colon + 1).trim());
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers });
    });
  });
}

const HOST = "Host: links.example.com\r\nConnection: close\r\n";

/** Who answers each request in local workerd, and with what status. */
const CASES: { name: string; text: string; by: "platform" | "worker"; status: number }[] = [
  {
    name: "absolute-form target (http)",
    text: `GET http://evil.example/docs HTTP/1.1\r\n${HOST}\r\n`,
    by: "platform",
    status: 500,
  },
  {
    name: "absolute-form target (https, a custom page)",
    text: `GET https://evil.example/hello.html HTTP/1.1\r\n${HOST}\r\n`,
    by: "platform",
    status: 500,
  },
  {
    name: "asterisk-form target",
    text: `OPTIONS * HTTP/1.1\r\n${HOST}\r\n`,
    by: "platform",
    status: 500,
  },
  {
    name: "Content-Length that is not a number",
    text: `POST /lookup/resolve HTTP/1.1\r\n${HOST}Content-Length: abc\r\n\r\n{}`,
    by: "platform",
    status: 500,
  },
  {
    name: "two different Content-Length values",
    text: `POST /lookup/resolve HTTP/1.1\r\n${HOST}Content-Length: 5\r\nContent-Length: 6\r\n\r\n{}`,
    by: "platform",
    status: 500,
  },
  {
    name: "no Host header",
    text: "GET /docs HTTP/1.1\r\nConnection: close\r\n\r\n",
    by: "platform",
    status: 400,
  },
  {
    name: "unknown method token",
    text: `BREW /docs HTTP/1.1\r\n${HOST}\r\n`,
    by: "platform",
    status: 501,
  },
  {
    name: "Content-Length and Transfer-Encoding together",
    text: `POST /lookup/resolve HTTP/1.1\r\n${HOST}Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    by: "worker",
    status: 415,
  },
  {
    name: "a body longer than the lookup limit",
    text: `POST /lookup/resolve HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: 5000\r\n\r\n${"x".repeat(5000)}`,
    by: "worker",
    status: 413,
  },
  {
    // The case instance lists its hosts (docs/domains.md): another host gets the worker's plain 404.
    name: "a foreign Host header",
    text: "GET /docs HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
    by: "worker",
    status: 404,
  },
  {
    name: "a custom page through a dot-segment path",
    text: `GET /x/../hello.html HTTP/1.1\r\n${HOST}\r\n`,
    by: "worker",
    status: 200,
  },
  {
    name: "HTTP/1.0 without Host",
    text: "GET /lookup HTTP/1.0\r\n\r\n",
    by: "platform",
    status: 400,
  },
];

let workerd: Workerd;
let references: Record<string, string>;

beforeAll(async () => {
  const built = await buildInstance(CASE_INSTANCE);
  const config = JSON.parse(
    await readFile(join(built.out, "assets/links-site-config.json"), "utf8"),
  );
  references = config.mandatory_headers;
  workerd = await startWorkerd(built.out);
}, 120_000);
afterAll(async () => {
  await workerd?.dispose();
});

describe("answers made before the worker runs, and broken requests that reach it", () => {
  it.each(CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const answer = await rawRequest(Number(workerd.url.port), c.text);
    expect(answer.status).toBe(c.status);
    const byWorker = answer.headers.has("x-generated-by");
    expect(byWorker ? "worker" : "platform").toBe(c.by);
    if (byWorker) {
      const weak = MANDATORY_CONTROLS.filter(
        (control) =>
          !control.holds(
            answer.headers.get(control.header) ?? undefined,
            references[control.header],
          ),
      ).map((control) => control.header);
      expect(weak).toEqual([]);
    }
  });
});
