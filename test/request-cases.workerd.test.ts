// The shared request case table against the built bundle in workerd (miniflare), the Node runner's twin.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUEST_CASES } from "./cases/requests.js";
import { caseOrigin, httpAnswer, runRequestCases } from "./cases/run-requests.js";
import { startWorkerd, type Workerd } from "./engine/workerd.js";
import { buildInstance, CASE_INSTANCE } from "./support/build-instance.js";
import { ACCESS_REFUSED } from "./support/console-capture.js";

let engine: Workerd;

beforeAll(async () => {
  const { out } = await buildInstance(CASE_INSTANCE);
  engine = await startWorkerd(out);
});

afterAll(async () => {
  await engine?.dispose();
});

describe("request case table: bundle in workerd", () => {
  runRequestCases({
    cannot: {
      clock: "workerd answers at the machine's time",
      draw: "the worker draws a split's variant with crypto.getRandomValues",
    },
    answer: async (c) =>
      httpAnswer(
        await engine.fetch(
          c.path,
          { method: c.method, headers: c.headers, body: c.body, cf: c.cf },
          caseOrigin(c),
        ),
      ),
  });

  it("remembered redirects: one answer sent again, concurrently, GET and HEAD alike", async () => {
    // Message framing (chunked for an empty GET body through miniflare) is the transport's.
    const framing = new Set(["date", "transfer-encoding", "content-length"]);
    const shape = async (r: Response) =>
      JSON.stringify([r.status, [...r.headers].filter(([k]) => !framing.has(k)), await r.text()]);
    const first = await shape(await engine.fetch("/gh/acme/widget"));
    expect(first).toContain('"location","https://github.com/acme/widget"');
    const again = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        engine.fetch("/gh/acme/widget", { method: i % 2 ? "HEAD" : "GET" }).then(shape),
      ),
    );
    expect(new Set(again)).toEqual(new Set([first]));
  });

  it("the table's 403s each logged one access refusal, and nothing else was logged", async () => {
    const refusals = REQUEST_CASES.filter((c) => c.status === 403).length;
    const logs = await engine.waitForLogs(refusals);
    expect(logs).toHaveLength(refusals);
    expect(logs.filter((line) => !ACCESS_REFUSED.test(line))).toEqual([]);
  });

  it("no request of the table made an outgoing fetch (analytics is off, access is not configured)", () => {
    expect(engine.outbound).toEqual([]);
  });
});
