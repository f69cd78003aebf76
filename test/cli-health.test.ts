/**
 * `shortlinks health` end to end through the built CLI, as an operator runs it: a throwaway
 * instance whose targets live on local servers, every host pinned with --resolve to 127.0.0.1,
 * so nothing leaves the machine. The one hanging server uses a real 300 ms timeout.
 */
import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEALTH_CLASSES } from "../lib/engines/health/types.js";
import {
  redirect,
  routes,
  startServer,
  status,
  type LocalServer,
} from "./support/local-servers.js";
import { CLI } from "./support/build-instance.js";
import { tinyInstance } from "./support/tiny-instance.js";

let web: LocalServer;
let tls: LocalServer;
let root: string;
let resolve: string[];

function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: root, encoding: "utf8", timeout: 30_000, env: { ...process.env, NO_COLOR: "1" } },
      (error, out, err) => done({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

beforeAll(async () => {
  web = await startServer(
    routes({
      "/ok": status(200),
      "/later": status(200),
      "/gone": status(404),
      "/hang": () => {}, // never answers
      "/old": redirect("/new"),
      "/new": status(200),
      "/to-loopback": redirect(() => `http://127.0.0.1:${web.port}/secret`),
      "/base/": status(200),
    }),
  );
  tls = await startServer(status(200), { tls: true });
  const site = `http://site.example.com:${web.port}`;
  root = tinyInstance(
    "shortlinks-health-",
    [
      `- { slug: fine, target: "${site}/ok" }`,
      `- { slug: soon, target: "${site}/later", schedule: { label: l, start: "2099-01-01T00:00:00Z" } }`,
      `- { slug: over, target: "${site}/gone", schedule: { label: l, end: "2001-01-01T00:00:00Z" } }`,
      `- { slug: retired, target: "${site}/gone", state: retired }`,
      `- { slug: dead, target: "${site}/gone" }`,
      `- { slug: stuck, target: "${site}/hang" }`,
      `- { slug: moved, target: "${site}/old" }`,
      `- { slug: sneaky, target: "${site}/to-loopback" }`,
      `- { slug: insecure, target: "https://untrusted.example:${tls.port}/" }`,
      `- { slug: "ns/*", target: "${site}/base/:splat" }`,
      "",
    ].join("\n"),
    "site_name: Health\nbase_url: https://go.example.org/\n",
  );
  resolve = [
    ...["--resolve", `site.example.com:${web.port}:127.0.0.1`],
    ...["--resolve", `untrusted.example:${tls.port}:127.0.0.1`],
  ];
});
afterAll(async () => {
  await web.close();
  await tls.close();
  rmSync(root, { recursive: true, force: true });
});

describe("shortlinks health end to end", () => {
  it("--json: every link that can redirect, classified, most severe first; exit 1", async () => {
    web.seen.length = 0;
    const run = await cli("health", "--json", "--timeout", "300", "--retries", "0", ...resolve);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.out);
    expect(report.checked).toBe(8);
    const site = `http://site.example.com:${web.port}`;
    expect(report.results.map((r: { slug: string; class: string }) => [r.class, r.slug])).toEqual([
      ["unsafe-final", "sneaky"],
      ["broken", "dead"],
      ["broken", "insecure"],
      ["broken", "stuck"],
      ["moved", "moved"],
      ["ok", "fine"],
      ["ok", "ns/*"],
      ["ok", "soon"],
    ]);
    for (const r of report.results) {
      expect(Object.keys(r).sort()).toEqual(
        ["chain", "class", "final_url", "ms", "problem", "slug", "status", "target"].sort(),
      );
      expect(HEALTH_CLASSES).toContain(r.class);
    }
    const bySlug = Object.fromEntries(report.results.map((r: { slug: string }) => [r.slug, r]));
    expect(bySlug.moved).toMatchObject({
      status: 200,
      final_url: `${site}/new`,
      chain: [
        { url: `${site}/old`, status: 301 },
        { url: `${site}/new`, status: 200 },
      ],
    });
    expect(bySlug.stuck.problem).toBe("timeout: no answer within 300 ms");
    expect(bySlug.insecure.problem).toMatch(/^TLS failure/);
    expect(bySlug.dead).toMatchObject({ status: 404, problem: "HTTP 404" });
    expect(bySlug["ns/*"].target).toBe(`${site}/base/`);
    expect(web.seen.map((s) => s.path)).not.toContain("/secret");
    expect(
      web.seen.every((s) => /^shortlinks\/\d+\.\d+\.\d+ \(link health check\)$/.test(s.userAgent)),
    ).toBe(true);
    // stderr is not a terminal here: no progress bar, nothing but what went wrong.
    expect(run.err).toBe("");
  });

  it("the table: only the named links, ok and moved, exit 0; idle links named on stderr", async () => {
    const run = await cli("health", "--only", "fine", "moved", "retired", ...resolve);
    expect(run.code).toBe(0);
    const lines = run.out.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^CLASS\s+SLUG\s+STATUS\s+MS\s+DETAIL$/);
    expect(lines[1]).toMatch(
      /^moved\s+moved\s+200\s+\d+\s+ends at http:\/\/site\.example\.com:\d+\/new$/,
    );
    expect(lines[2]).toMatch(/^ok\s+fine\s+200\s+\d+\s+http:\/\/site\.example\.com:\d+\/ok$/);
    expect(lines.at(-1)).toBe("checked 2 links: 1 moved, 1 ok");
    expect(run.err).toBe("retired: retired, it cannot redirect; not checked\n");
  });

  it("usage errors exit 2 with the reason: an unknown --only name, a bad --resolve, a bad number", async () => {
    const [unknown, pin, number] = await Promise.all([
      cli("health", "--only", "nope", ...resolve),
      cli("health", "--resolve", "site.example.com:80"),
      cli("health", "--per-host", "0"),
    ]);
    expect(unknown).toMatchObject({
      code: 2,
      err: "shortlinks health: --only names no link: nope\n",
    });
    expect(pin.code).toBe(2);
    expect(pin.err).toContain('"site.example.com:80" is not HOST:PORT:ADDRESS');
    expect(number.code).toBe(2);
    expect(number.err).toContain("expected a whole number from 1 to 64");
  });
});
