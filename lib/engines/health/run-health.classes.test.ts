/**
 * Each class `health` reports, against real sockets on 127.0.0.1: every host name is pinned
 * with `--resolve`-style pins and the resolver refuses anything else, so no query leaves.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runHealth } from "./run-health.js";
import {
  checkOne,
  healthOptions,
  pinLocal,
  tableResolver,
  TEST_UA,
} from "../../../test/support/health-run.js";
import {
  redirect,
  routes,
  startServer,
  status,
  TEST_CERT,
  type LocalServer,
} from "../../../test/support/local-servers.js";

let web: LocalServer;
let tls: LocalServer;
let site: string;
let pins: ReturnType<typeof pinLocal>;
const requested = () => web.seen.map((s) => `${s.method} ${s.host} ${s.path}`);
const onWeb = (host: string, path: string) => () => `http://${host}:${web.port}${path}`;

beforeAll(async () => {
  web = await startServer(
    routes({
      "/ok": status(200),
      "/gone-404": status(404),
      "/gone-410": status(410),
      "/error-500": status(500),
      "/no-head": (req, res) => res.writeHead(req.method === "HEAD" ? 405 : 200).end("body"),
      "/chain-1": redirect("/chain-2"),
      "/chain-2": redirect(onWeb("other.example.org", "/chain-3"), 302),
      "/chain-3": status(200),
      "/loop-a": redirect("/loop-b"),
      "/loop-b": redirect("/loop-a"),
      "/to-loopback": redirect(onWeb("127.0.0.1", "/secret")),
      "/to-localhost": redirect(onWeb("localhost", "/secret")),
      "/to-shortener": redirect(onWeb("bit.ly", "/secret")),
      "/to-exe": redirect("/secret/setup.exe"),
      "/no-location": status(302),
      "/slash": redirect("/slash/"),
      "/slash/": status(200),
      "/hop-1": redirect("/hop-2"),
      "/hop-2": redirect("/hop-3"),
      "/hop-3": redirect("/hop-4"),
      "/hop-4": status(200),
    }),
  );
  tls = await startServer(routes({ "/ok": status(200) }), { tls: true });
  site = `http://site.example.com:${web.port}`;
  pins = [
    ...pinLocal(web.port, "site.example.com", "other.example.org", "bit.ly", "localhost"),
    ...pinLocal(tls.port, "secure.example", "untrusted.example"),
  ];
});
afterAll(async () => {
  await web.close();
  await tls.close();
});

const check = (target: string, overrides = {}) => checkOne(target, { pins, ...overrides });

describe("health classes against local servers", () => {
  it("a route's target is probed and reported with its route and variant, beside its link's own", async () => {
    const run = await runHealth(
      healthOptions(
        [
          { slug: "app", target: `${site}/ok` },
          { slug: "app", route: "apple", target: `${site}/gone-404` },
          { slug: "app", route: "2", variant: "b", target: `${site}/ok` },
        ],
        { pins },
      ),
    );
    expect(run.report.results.map((r) => [r.class, r.slug, r.route, r.variant])).toEqual([
      ["broken", "app", "apple", undefined],
      ["ok", "app", undefined, undefined],
      ["ok", "app", "2", "b"],
    ]);
  });

  it("ok: 200 on HEAD, one request, with our User-Agent and the URL's own Host", async () => {
    web.seen.length = 0;
    const result = await check(`${site}/ok`);
    expect(result).toMatchObject({
      class: "ok",
      status: 200,
      final_url: `${site}/ok`,
      problem: null,
      chain: [{ url: `${site}/ok`, status: 200 }],
    });
    expect(web.seen).toEqual([
      expect.objectContaining({
        method: "HEAD",
        host: `site.example.com:${web.port}`,
        userAgent: TEST_UA,
      }),
    ]);
  });

  it.each([
    ["/gone-404", 404],
    ["/gone-410", 410],
  ])(
    "broken: %s answers %i, and GET is not tried after a definite HEAD answer",
    async (path, code) => {
      web.seen.length = 0;
      const result = await check(`${site}${path}`);
      expect(result).toMatchObject({ class: "broken", status: code, problem: `HTTP ${code}` });
      expect(requested()).toEqual([`HEAD site.example.com:${web.port} ${path}`]);
    },
  );

  it("broken: 500 on HEAD is tried again with GET, which also answers 500", async () => {
    web.seen.length = 0;
    const result = await check(`${site}/error-500`);
    expect(result).toMatchObject({ class: "broken", status: 500, problem: "HTTP 500" });
    expect(web.seen.map((s) => s.method)).toEqual(["HEAD", "GET"]);
  });

  it("HEAD refused with 405: GET decides, and the link is ok", async () => {
    web.seen.length = 0;
    const result = await check(`${site}/no-head`);
    expect(result).toMatchObject({ class: "ok", status: 200 });
    expect(web.seen.map((s) => s.method)).toEqual(["HEAD", "GET"]);
  });

  it("moved: a redirect chain across hosts is followed to its end and shown hop by hop", async () => {
    const result = await check(`${site}/chain-1`);
    const other = `http://other.example.org:${web.port}/chain-3`;
    expect(result).toMatchObject({ class: "moved", status: 200, final_url: other });
    expect(result.problem).toBe(`ends at ${other}`);
    expect(result.chain).toEqual([
      { url: `${site}/chain-1`, status: 301 },
      { url: `${site}/chain-2`, status: 302 },
      { url: other, status: 200 },
    ]);
  });

  it("ok: a redirect that only adds a trailing slash is not a move", async () => {
    const result = await check(`${site}/slash`);
    expect(result).toMatchObject({ class: "ok", final_url: `${site}/slash/` });
    expect(result.chain).toHaveLength(2);
  });

  it("broken: a redirect loop is caught on the first repeated URL", async () => {
    web.seen.length = 0;
    const result = await check(`${site}/loop-a`);
    expect(result).toMatchObject({
      class: "broken",
      problem: `redirect loop: back to ${site}/loop-a`,
    });
    expect(web.seen.map((s) => s.path)).toEqual(["/loop-a", "/loop-b"]);
  });

  it("broken: more redirects than the limit", async () => {
    const result = await check(`${site}/hop-1`, { maxRedirects: 2 });
    expect(result).toMatchObject({ class: "broken", problem: "more than 2 redirects" });
    expect((await check(`${site}/hop-1`, { maxRedirects: 3 })).class).toBe("moved");
  });

  it("broken: a redirect status without a Location header", async () => {
    expect(await check(`${site}/no-location`)).toMatchObject({
      class: "broken",
      problem: "HTTP 302 without a Location header",
    });
  });

  it.each([
    ["/to-loopback", "127.0.0.1", "rule 7"],
    ["/to-localhost", "localhost", "rule 6"],
    ["/to-shortener", "bit.ly", "rule 8"],
  ])(
    "unsafe-final: %s redirects to %s, refused by %s before any request goes there",
    async (path, host, rule) => {
      web.seen.length = 0;
      const result = await check(`${site}${path}`);
      const next = `http://${host}:${web.port}/secret`;
      expect(result.class).toBe("unsafe-final");
      expect(result.problem).toContain(`hop 2 fails the target rules: ${rule} `);
      expect(result.chain).toEqual([
        { url: `${site}${path}`, status: 301 },
        { url: next, status: null },
      ]);
      expect(result.final_url).toBe(next);
      // The pin would have reached this very server: it saw nothing but the first hop.
      expect(web.seen.map((s) => s.path)).toEqual([path]);
    },
  );

  it("unsafe-final: a redirect to an .exe download is refused by rule 10, never requested", async () => {
    web.seen.length = 0;
    const result = await check(`${site}/to-exe`);
    expect(result.class).toBe("unsafe-final");
    expect(result.problem).toContain("rule 10 ");
    expect(web.seen.map((s) => s.path)).toEqual(["/to-exe"]);
  });

  it("broken: TLS failure on a certificate the checker does not trust", async () => {
    const result = await check(`https://untrusted.example:${tls.port}/ok`);
    expect(result).toMatchObject({ class: "broken", status: null });
    expect(result.problem).toMatch(/^TLS failure \(DEPTH_ZERO_SELF_SIGNED_CERT\)/);
  });

  it("a pin keeps TLS on the URL's name: with the CA trusted, SNI and Host say secure.example", async () => {
    tls.seen.length = 0;
    const result = await check(`https://secure.example:${tls.port}/ok`, { ca: TEST_CERT });
    expect(result).toMatchObject({ class: "ok", status: 200 });
    expect(tls.seen[0]).toMatchObject({
      servername: "secure.example",
      host: `secure.example:${tls.port}`,
    });
  });

  it("broken: connection refused on a port nobody listens on", async () => {
    const closed = await startServer(status(200));
    const port = closed.port;
    await closed.close();
    const result = await checkOne(`http://gone.example.com:${port}/`, {
      pins: pinLocal(port, "gone.example.com"),
    });
    expect(result).toMatchObject({ class: "broken", status: null });
    expect(result.problem).toMatch(/^connection refused/);
  });

  it("broken: a name DNS does not know", async () => {
    const result = await check("http://nowhere.example.net/");
    expect(result.class).toBe("broken");
    expect(result.problem).toMatch(/^DNS failure \(ENOTFOUND\)/);
  });

  it("unsafe-final: a public name that resolves to a private address is never connected to", async () => {
    const result = await check("http://rebound.example.net/", {
      resolver: tableResolver({ "rebound.example.net": ["93.184.215.14", "10.1.2.3"] }),
    });
    expect(result).toMatchObject({ class: "unsafe-final", status: null });
    expect(result.problem).toBe(
      "rebound.example.net resolves to 10.1.2.3: private-use (10.0.0.0/8)",
    );
  });

  it("unchecked: an intranet target opened by an allowance is never fetched", async () => {
    web.seen.length = 0;
    const run = await runHealth(
      healthOptions(
        [
          {
            slug: "wiki",
            target: "http://wiki.internal/",
            allow: { rules: ["SL206"], reason: "intranet" },
          },
        ],
        { pins },
      ),
    );
    expect(run.report.results[0]).toMatchObject({ class: "unchecked", chain: [] });
    expect(run.report.results[0].problem).toContain("allowance (SL206)");
    expect(run.deadlineReached).toBe(false);
  });

  it("links sharing a target are probed once and each reported, most severe first", async () => {
    web.seen.length = 0;
    const run = await runHealth(
      healthOptions(
        [
          { slug: "b", target: `${site}/ok` },
          { slug: "a", target: `${site}/ok` },
          { slug: "c", target: `${site}/gone-404` },
        ],
        { pins },
      ),
    );
    expect(run.report.checked).toBe(3);
    expect(run.report.results.map((r) => `${r.class} ${r.slug}`)).toEqual([
      "broken c",
      "ok a",
      "ok b",
    ]);
    expect(web.seen.filter((s) => s.path === "/ok")).toHaveLength(1);
  });
});
