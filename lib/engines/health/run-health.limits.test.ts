/**
 * Politeness and time: the per-host and overall limits, the request timeout, the overall
 * deadline, retries and slowness. Time is a fake clock moved by the test, so nothing here
 * waits for a real timer to fire.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { runHealth } from "./run-health.js";
import { checkOne, healthOptions, pinLocal } from "../../../test/support/health-run.js";
import { fakeClock } from "../../../test/support/fake-clock.js";
import { startServer, type LocalServer } from "../../../test/support/local-servers.js";

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server that holds every request until the test releases it. */
async function holdingServer() {
  const held: { req: IncomingMessage; res: ServerResponse }[] = [];
  let arrived: () => void = () => {};
  const s = await startServer((req, res) => {
    held.push({ req, res });
    arrived();
  });
  return {
    server: s,
    held,
    /** Resolves once `n` requests are being held. */
    until: (n: number) =>
      new Promise<void>((done) => {
        arrived = () => held.length >= n && done();
        arrived();
      }),
  };
}

/**
 * Holds requests in batches: a group (per Host, or all) is answered only once `size` of its
 * requests are in flight at once, plus a short grace for any request past the limit to show up.
 * So the limit is always reached (the count is exact, not a race), and an excess is seen.
 */
async function batchingServer(size: number, group: (host: string) => string) {
  const held = new Map<string, (() => void)[]>();
  const most = new Map<string, number>();
  const s = await startServer((req, res) => {
    const key = group((req.headers.host ?? "").split(":")[0]);
    const waiting = held.get(key) ?? [];
    held.set(key, waiting);
    waiting.push(() => res.writeHead(200).end());
    most.set(key, Math.max(most.get(key) ?? 0, waiting.length));
    if (waiting.length === size)
      setTimeout(() => {
        held.set(key, []);
        for (const answer of waiting) answer();
      }, 20);
  });
  return { server: s, most };
}

describe("health limits and time", () => {
  it("per-host limit: never more than --per-host requests at once to one host", async () => {
    const batching = await batchingServer(2, (host) => host);
    server = batching.server;
    const hosts = ["a.example.com", "b.example.com"];
    const links = hosts.flatMap((host) =>
      [1, 2, 3, 4].map((i) => ({
        slug: `${host}-${i}`,
        target: `http://${host}:${server!.port}/${i}`,
      })),
    );
    const run = await runHealth(
      healthOptions(links, { concurrency: 8, perHost: 2, pins: pinLocal(server.port, ...hosts) }),
    );
    expect(run.report.results.every((r) => r.class === "ok")).toBe(true);
    expect(Object.fromEntries(batching.most)).toEqual({ "a.example.com": 2, "b.example.com": 2 });
  });

  it("concurrency: never more than --concurrency targets at once across hosts", async () => {
    const batching = await batchingServer(3, () => "all");
    server = batching.server;
    const hosts = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `h${i}.example.com`);
    const links = hosts.map((host) => ({ slug: host, target: `http://${host}:${server!.port}/` }));
    const run = await runHealth(
      healthOptions(links, { concurrency: 3, perHost: 4, pins: pinLocal(server.port, ...hosts) }),
    );
    expect(run.report.results.every((r) => r.class === "ok")).toBe(true);
    expect(batching.most.get("all")).toBe(3);
  });

  it(
    "timeout: a server that never answers is broken once the clock passes --timeout",
    { timeout: 5_000 },
    async () => {
      const holding = await holdingServer();
      server = holding.server;
      const clock = fakeClock();
      const pending = checkOne(`http://hang.example.com:${server.port}/`, {
        clock,
        timeoutMs: 200,
        retries: 2,
        pins: pinLocal(server.port, "hang.example.com"),
      });
      await holding.until(1);
      clock.advance(199);
      clock.advance(1);
      const result = await pending;
      expect(result).toMatchObject({ class: "broken", status: null, ms: 200 });
      expect(result.problem).toBe("timeout: no answer within 200 ms");
      // A timeout is not retried: it would only double the wait on a dead server.
      expect(holding.held).toHaveLength(1);
    },
  );

  it(
    "deadline: in-flight requests are cut off and nothing new starts; the run says so",
    { timeout: 5_000 },
    async () => {
      const holding = await holdingServer();
      server = holding.server;
      const clock = fakeClock();
      const links = [1, 2, 3].map((i) => ({
        slug: `s${i}`,
        target: `http://slow.example.com:${server!.port}/${i}`,
      }));
      const pending = runHealth(
        healthOptions(links, {
          clock,
          concurrency: 1,
          timeoutMs: 10_000,
          deadlineMs: 1_000,
          pins: pinLocal(server.port, "slow.example.com"),
        }),
      );
      await holding.until(1);
      clock.advance(1_000);
      const run = await pending;
      expect(run.deadlineReached).toBe(true);
      expect(run.report.results.map((r) => [r.slug, r.class])).toEqual([
        ["s1", "unchecked"],
        ["s2", "unchecked"],
        ["s3", "unchecked"],
      ]);
      expect(run.report.results[0].problem).toBe("the overall deadline passed");
      expect(run.report.results[1].problem).toBe(
        "not checked: the overall deadline (1000 ms) passed first",
      );
      expect(holding.held).toHaveLength(1);
      expect(clock.pending()).toBe(0);
    },
  );

  it("retries: 503 then 200 is ok after one retry; a steady 503 stops after --retries", async () => {
    let calls = 0;
    server = await startServer((req, res) => {
      calls++;
      const flaky = req.url === "/flaky" && calls <= 2;
      res.writeHead(flaky || req.url === "/down" ? 503 : 200).end();
    });
    const pins = pinLocal(server.port, "retry.example.com");
    const site = `http://retry.example.com:${server.port}`;
    expect(await checkOne(`${site}/flaky`, { pins, retries: 1 })).toMatchObject({ class: "ok" });
    // HEAD was refused (503 is not a definite answer), so the retry goes straight to GET.
    expect(server.seen.map((s) => s.method)).toEqual(["HEAD", "GET", "GET"]);
    server.seen.length = 0;
    expect(await checkOne(`${site}/down`, { pins, retries: 2 })).toMatchObject({
      class: "broken",
      problem: "HTTP 503",
    });
    expect(server.seen.map((s) => s.method)).toEqual(["HEAD", "GET", "GET", "GET"]);
  });

  it(
    "retries wait on the clock: Retry-After is honoured before the next try",
    { timeout: 5_000 },
    async () => {
      const clock = fakeClock();
      let calls = 0;
      server = await startServer((_, res) => {
        calls++;
        res.writeHead(calls <= 2 ? 429 : 200, { "retry-after": "3" }).end();
      });
      const pending = checkOne(`http://busy.example.com:${server.port}/`, {
        clock,
        retries: 1,
        retryDelayMs: 50,
        pins: pinLocal(server.port, "busy.example.com"),
      });
      await clock.timerSet(3_000);
      expect(server.seen).toHaveLength(2);
      clock.advance(2_999);
      expect(server.seen).toHaveLength(2);
      clock.advance(1);
      expect(await pending).toMatchObject({ class: "ok", ms: 3_000 });
      expect(server.seen).toHaveLength(3);
    },
  );

  it(
    "slow: time spent waiting for a per-host slot behind another link is not the target's own time",
    { timeout: 5_000 },
    async () => {
      const holding = await holdingServer();
      server = holding.server;
      const clock = fakeClock();
      const links = [1, 2].map((i) => ({
        slug: `s${i}`,
        target: `http://shared.example.com:${server!.port}/${i}`,
      }));
      const pending = runHealth(
        healthOptions(links, {
          clock,
          concurrency: 2,
          perHost: 1,
          slowMs: 3_000,
          timeoutMs: 10_000,
          pins: pinLocal(server.port, "shared.example.com"),
        }),
      );
      await holding.until(1);
      clock.advance(4_000);
      holding.held[0].res.writeHead(200).end();
      await holding.until(2);
      holding.held[1].res.writeHead(200).end();
      const run = await pending;
      const bySlug = Object.fromEntries(run.report.results.map((r) => [r.slug, [r.class, r.ms]]));
      const first = holding.held[0].req.url === "/1" ? "s1" : "s2";
      const second = first === "s1" ? "s2" : "s1";
      expect(bySlug[first]).toEqual(["slow", 4_000]);
      expect(bySlug[second]).toEqual(["ok", 0]);
    },
  );

  it("slow: a target that answers after more than --slow is slow, not ok", async () => {
    const clock = fakeClock();
    server = await startServer((_, res) => {
      clock.advance(4_000);
      res.writeHead(200).end();
    });
    const result = await checkOne(`http://lazy.example.com:${server.port}/`, {
      clock,
      slowMs: 3_000,
      pins: pinLocal(server.port, "lazy.example.com"),
    });
    expect(result).toMatchObject({
      class: "slow",
      status: 200,
      ms: 4_000,
      problem: "took 4000 ms (slow above 3000 ms)",
    });
  });
});
