// Private links in workerd (docs/private-links.md): real RS256 tokens made here, the team's JWKS
// and the analytics collector served on 127.0.0.1. A path inside a zone opens only with a valid
// token for that zone's aud; every other request gets the unknown slug's 404, byte for byte.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CERTS_PATH } from "../../runtime/access/config.js";
import { analyticsEnv, CHROME_UA } from "../support/analytics-fixtures.js";
import {
  FIXTURE_AUD,
  FIXTURE_EMAIL,
  makeAccessFixture,
  type AccessFixture,
} from "../support/access-keys.js";
import { buildInstance, CASE_INSTANCE } from "../support/build-instance.js";
import { startCollector, type Collector } from "../support/collector.js";
import { PRIVATE_AUDS } from "../cases/requests-private.js";
import { startWorkerd, type Workerd } from "./workerd.js";

let keys: AccessFixture;
let jwks: Server;
let team: string;
let collector: Collector;
let engine: Workerd;
/** The same instance, its team domain a port nobody listens on: the JWKS is unreachable. */
let cut: Workerd;
/** Every answer body this file received, for the no-e-mail check at the end. */
const bodies: string[] = [];

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  keys = await makeAccessFixture();
  jwks = createServer((req, res) => {
    if (req.url !== CERTS_PATH) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(keys.jwks));
  });
  team = await listen(jwks);
  const closed = createServer();
  const nowhere = await listen(closed);
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  collector = await startCollector();
  const { out } = await buildInstance(CASE_INSTANCE);
  const analytics = analyticsEnv(collector.url, {
    PROVIDER_B_COLLECTION_KEY: "rb_0123456789abcdef0123456789abcdef",
  });
  const vars = { ACCESS_AUD: FIXTURE_AUD, ...analytics };
  engine = await startWorkerd(out, {
    outbound: "loopback-only",
    vars: { ...vars, ACCESS_TEAM_DOMAIN: team },
  });
  cut = await startWorkerd(out, {
    outbound: "loopback-only",
    vars: { ...vars, ACCESS_TEAM_DOMAIN: nowhere },
  });
});

afterAll(async () => {
  await engine?.dispose();
  await cut?.dispose();
  await collector?.close();
  await new Promise<void>((resolve) => (jwks ? jwks.close(() => resolve()) : resolve()));
});

/** One CF-Ray for every request: the correlation id is the ray, so two misses are equal bytes. */
const RAY = "8a1b2c3d4e5f6789-ZRH";
const STAFF = PRIVATE_AUDS.staff;
const HR = PRIVATE_AUDS.hr;

type Token = () => Promise<string | undefined>;
const token =
  (aud: string, claims: Record<string, unknown> = {}): Token =>
  () =>
    keys.sign({ iss: team, aud: [aud], ...claims });
const as = (email: string | undefined, aud = STAFF) => token(aud, { email });

async function get(path: string, make?: Token, on = () => engine, method = "GET") {
  const jwt = make ? await make() : undefined;
  const response = await on().fetch(path, {
    method,
    headers: {
      "user-agent": CHROME_UA,
      "cf-ray": RAY,
      ...(jwt ? { "cf-access-jwt-assertion": jwt } : {}),
    },
  });
  const body = await response.text();
  bodies.push(body);
  return { response, body };
}

/** Everything a visitor can see of an answer: status, every header, the body's bytes. */
async function seen(path: string, make?: Token, on = () => engine, method = "GET") {
  const { response, body } = await get(path, make, on, method);
  const headers = [...response.headers].filter(([name]) => name !== "date").sort();
  return { status: response.status, headers, body };
}

describe("a private link opens only with a valid token for its zone", () => {
  it("a valid token for the zone's aud opens it, for that person only, never cached", async () => {
    const { response } = await get("/staff/oncall", token(STAFF));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://oncall.example.com/rota");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a zone sharing the aud opens with the same token; another zone does not", async () => {
    expect((await get("/files/vault/plans", token(STAFF))).response.status).toBe(302);
    expect((await get("/hr/payroll", token(HR))).response.headers.get("location")).toBe(
      "https://payroll.example.com/",
    );
  });

  it("the prefix is case-folded like slugs: another spelling opens with the token", async () => {
    const { response } = await get("/STAFF/OnCall", token(STAFF));
    expect(response.headers.get("location")).toBe("https://oncall.example.com/rota");
  });

  it("allow.emails and allow.email_domains narrow a link to the people they name", async () => {
    const bands = "/staff/salary-bands";
    expect((await get(bands, as("carol@example.com"))).response.status).toBe(302);
    expect((await get(bands, as("CAROL@example.com"))).response.status).toBe(302);
    expect((await get(bands, as("dana@hr.example.com"))).response.status).toBe(302);
    const unknown = await seen("/staff/no-such-link", as(FIXTURE_EMAIL));
    expect(await seen(bands, as(FIXTURE_EMAIL))).toEqual(unknown);
    expect(await seen(bands, as(undefined))).toEqual(unknown);
  });

  it("allow_targets opens an intranet host and a private range for the zone's links", async () => {
    expect((await get("/staff/dashboard", token(STAFF))).response.headers.get("location")).toBe(
      "http://10.20.0.5/dashboard",
    );
    expect((await get("/staff/wiki/a/b", token(STAFF))).response.headers.get("location")).toBe(
      "http://wiki.corp/a/b",
    );
  });

  it("{user.local} and {user.email} are encoded: a claim adds no segment, host or query key", async () => {
    const email = "eve/../admin?x=1&y=2#@evil.example";
    const { response } = await get("/staff/me", as(email));
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.host).toBe("wiki.corp");
    expect(location.pathname.split("/")).toHaveLength(3);
    expect(decodeURIComponent(location.pathname.split("/")[2])).toBe("eve/../admin?x=1&y=2#");
    expect([...location.searchParams.keys()]).toEqual(["mail"]);
    expect(location.searchParams.get("mail")).toBe(email);
    expect(location.hash).toBe("");
  });
});

describe("a private link's routes answer with the zone, as its own target does", () => {
  it("a route's target reaches a host of allow_targets, {user.local} filled", async () => {
    const routed = await get("/staff/desk?v=intranet", as("carol@example.com"));
    expect(routed.response.status).toBe(302);
    expect(routed.response.headers.get("location")).toBe("http://wiki.corp/desk/carol?v=intranet");
    const own = await get("/staff/desk", as("carol@example.com"));
    expect(own.response.headers.get("location")).toBe("https://desk.example.com/");
  });

  it("without a token, the routed path is the unknown slug's miss", async () => {
    expect(await seen("/staff/desk?v=intranet")).toEqual(await seen("/no-such-link?v=intranet"));
  });
});

describe("every denial is the unknown slug's 404, byte for byte", () => {
  const denials: [string, () => Token | undefined, (() => Workerd) | undefined][] = [
    ["no token", () => undefined, undefined],
    [
      "an expired token",
      () => token(STAFF, { exp: Math.floor(Date.now() / 1000) - 60 }),
      undefined,
    ],
    ["a token for another aud", () => token("0123456789abcdef0123456789abcdef"), undefined],
    ["a token for another zone's aud", () => token(HR), undefined],
    ["a token for the stats pages' aud", () => token(FIXTURE_AUD), undefined],
    [
      "a token signed by a key the JWKS does not list",
      () => async () =>
        keys.sign(
          { iss: team, aud: [STAFF] },
          { privateKey: (await generateKeyPair("RS256")).privateKey },
        ),
      undefined,
    ],
    ["a valid token while the JWKS is unreachable", () => token(STAFF), () => cut],
  ];

  it.each(denials)(
    "%s: /staff/oncall answers as /staff/no-such-link and /no-such-link",
    async (_name, make, on) => {
      const engineOf = on ?? (() => engine);
      const denied = await seen("/staff/oncall", make(), engineOf);
      expect(denied.status).toBe(404);
      expect(denied.headers).toContainEqual(["x-correlation-id", RAY]);
      // An unknown slug inside the zone, with the same token, and one outside every zone, without.
      expect(await seen("/staff/no-such-link", make(), engineOf)).toEqual(denied);
      expect(await seen("/no-such-link")).toEqual(denied);
      // HEAD alike.
      expect(await seen("/staff/oncall", make(), engineOf, "HEAD")).toEqual(
        await seen("/no-such-link", undefined, undefined, "HEAD"),
      );
    },
  );

  it("a retired or disabled private link, without a token, is a miss like any other", async () => {
    const unknown = await seen("/no-such-link");
    expect(await seen("/staff/old")).toEqual(unknown);
    expect(await seen("/staff/off")).toEqual(unknown);
    expect(await seen("/Staff/OnCall/")).toEqual(await seen("/No-Such-Link/"));
  });

  it("the lookup API calls a private slug not found, as it calls an unknown one", async () => {
    const lookup = async (slug: string) => {
      const response = await engine.fetch("/lookup/resolve", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "null", "cf-ray": RAY },
        body: JSON.stringify({ slug }),
      });
      return response.json();
    };
    expect(await lookup("staff/oncall")).toEqual({ found: false, slug: "staff/oncall" });
    expect(await lookup("staff/no-such-lk")).toEqual({ found: false, slug: "staff/no-such-lk" });
  });

  it("the refusals the worker logs name the zone and the check, never the token or a claim", async () => {
    const logs = await cut.waitForLogs(1);
    expect(logs.length).toBeGreaterThan(0);
    for (const line of [...logs, ...engine.logs])
      expect(line).toMatch(/^shortlinks: access refused on zone (staff|hr|vault): [a-z-]+: /);
  });
});

describe("behind Access, the operators see private links", () => {
  it("the stats API lists private links with the others, for a token of the stats pages", async () => {
    const { response, body } = await get("/en/_stats/api/links.json", token(FIXTURE_AUD));
    expect(response.status).toBe(200);
    expect(body).toContain("staff/oncall");
    expect(body).toContain("docs");
  });

  it("a zone's token does not open the stats pages", async () => {
    expect((await get("/en/_stats/api/links.json", token(STAFF))).response.status).toBe(403);
  });
});

describe("no e-mail leaves the worker", () => {
  it("no analytics payload, log line or page carries a token's e-mail; events name the zone", async () => {
    const before = collector.received.length;
    await get("/staff/oncall", as("carol@example.com"));
    await get("/staff/me", as("carol@example.com"));
    await get("/staff/salary-bands", as("mallory@example.com"));
    const received = await collector.waitFor(before + 6);
    const texts = received.map((r) => JSON.stringify(r.body) + JSON.stringify(r.headers));
    const emails = [/carol/i, /mallory/i, /operator@/i, /dana@/i, /evil\.example/i];
    for (const text of [...texts, ...engine.logs, ...cut.logs, ...bodies])
      for (const email of emails) expect(text).not.toMatch(email);
    // Inside a zone the providers learn the zone and its prefix: no slug, target host or path.
    const mine = received.slice(before).filter((r) => r.path === "/api/send");
    const events = mine.map((r) => (r.body as { payload: Record<string, unknown> }).payload);
    expect(events.map((e) => [e.name, e.url, e.referrer]).sort()).toEqual([
      ["redirect", "/staff", ""],
      ["redirect", "/staff", ""],
      ["short-link-miss", "/staff", ""],
    ]);
    for (const event of events) {
      expect(event.data).toMatchObject({ zone: "staff", path: "/staff" });
      expect(Object.keys(event.data as object)).not.toContain("slug");
      expect(Object.keys(event.data as object)).not.toContain("target_host");
    }
  });
});
