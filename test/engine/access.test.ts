// Access in workerd: the worker fetches the team's JWKS (answered locally, never from the network)
// and verifies Cloudflare Access tokens with jose inside the real runtime.
import { generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_AUD, makeAccessFixture, type AccessFixture } from "../support/access-keys.js";
import { buildInstance, CASE_INSTANCE } from "../support/build-instance.js";
import { ACCESS_REFUSED } from "../support/console-capture.js";
import { startWorkerd, type Workerd } from "./workerd.js";

const TEAM = "https://shortlinks-test.cloudflareaccess.com";
let keys: AccessFixture;
let engine: Workerd;

beforeAll(async () => {
  keys = await makeAccessFixture();
  const { out } = await buildInstance(CASE_INSTANCE);
  engine = await startWorkerd(out, {
    vars: { ACCESS_TEAM_DOMAIN: TEAM, ACCESS_AUD: FIXTURE_AUD },
    outbound: (request) =>
      new URL(request.url).origin === TEAM
        ? keys.handleJwks(request)
        : new Response("refused", { status: 502 }),
  });
});

afterAll(async () => {
  await engine?.dispose();
});

type Token = () => Promise<string | undefined>;
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const now = () => Math.floor(Date.now() / 1000);
const valid: Token = () => keys.sign({ iss: TEAM, aud: [FIXTURE_AUD] });
const header = (token: string | undefined): Record<string, string> =>
  token ? { "cf-access-jwt-assertion": token } : {};

describe("Access in workerd, one application per host (docs/domains.md)", () => {
  const stats = (origin: string, token: string) =>
    engine.fetch("/en/_stats/api/links.json", { headers: header(token) }, origin);
  const IDN = "https://xn--bcher-kva.example";

  it("a host naming its own access_aud takes a token of its own application", async () => {
    const own = await keys.sign({ iss: TEAM, aud: ["bucher-stats-app"] });
    expect((await stats(IDN, own)).status).toBe(200);
  });

  it("that host refuses the default host's token, and the default host refuses its token", async () => {
    const own = await keys.sign({ iss: TEAM, aud: ["bucher-stats-app"] });
    expect((await stats(IDN, (await valid()) ?? "")).status).toBe(403);
    expect((await stats("https://links.example.com", own)).status).toBe(403);
  });

  it("a host without access_aud takes the default application's token (ACCESS_AUD)", async () => {
    expect((await stats("https://go.example.net", (await valid()) ?? "")).status).toBe(200);
  });
});

describe("Access in workerd", () => {
  it.each<[string, string, Token, (t: string | undefined) => Record<string, string>, number]>([
    ["a valid token opens the stats API", "/en/_stats/api/links.json", valid, header, 200],
    ["a valid token opens the stats page", "/en/_stats/", valid, header, 200],
    ["a valid token opens the tests page", "/en/_tests/", valid, header, 200],
    [
      "the CF_Authorization cookie is the fallback",
      "/en/_stats/api/links.json",
      valid,
      (t) => ({ cookie: `CF_Authorization=${t}` }),
      200,
    ],
    ["no token is 403", "/en/_stats/api/links.json", async () => undefined, header, 403],
    [
      "a token for another application is 403",
      "/en/_stats/api/links.json",
      () => keys.sign({ iss: TEAM, aud: ["another-app"] }),
      header,
      403,
    ],
    [
      "a token from another team is 403",
      "/en/_stats/api/links.json",
      () => keys.sign({ iss: "https://other.cloudflareaccess.com", aud: [FIXTURE_AUD] }),
      header,
      403,
    ],
    [
      "an expired token is 403",
      "/en/_stats/api/links.json",
      () => keys.sign({ iss: TEAM, aud: [FIXTURE_AUD], exp: Math.floor(Date.now() / 1000) - 3600 }),
      header,
      403,
    ],
    [
      "a token signed by a key the JWKS does not list is 403",
      "/en/_stats/api/links.json",
      async () =>
        keys.sign(
          { iss: TEAM, aud: [FIXTURE_AUD] },
          { privateKey: (await generateKeyPair("RS256")).privateKey },
        ),
      header,
      403,
    ],
    [
      "a token not valid yet is 403",
      "/en/_stats/api/links.json",
      () => keys.sign({ iss: TEAM, aud: [FIXTURE_AUD], nbf: now() + 3600 }),
      header,
      403,
    ],
    [
      "a token naming an unknown kid is 403",
      "/en/_stats/api/links.json",
      () => keys.sign({ iss: TEAM, aud: [FIXTURE_AUD] }, { kid: "unknown-kid" }),
      header,
      403,
    ],
    [
      "a token with a tampered payload is 403",
      "/en/_stats/api/links.json",
      async () => {
        const [head, , signature] = (await valid())!.split(".");
        return [
          head,
          b64({ iss: TEAM, aud: [FIXTURE_AUD], email: "intruder@example.com", exp: now() + 600 }),
          signature,
        ].join(".");
      },
      header,
      403,
    ],
    [
      "an alg none token is 403",
      "/en/_stats/api/links.json",
      async () =>
        `${b64({ alg: "none", kid: keys.kid })}.${b64({ iss: TEAM, aud: [FIXTURE_AUD], exp: now() + 600 })}.`,
      header,
      403,
    ],
    [
      "an HS256 token signed with the public key is 403",
      "/en/_stats/api/links.json",
      () =>
        new SignJWT({ aud: [FIXTURE_AUD] })
          .setProtectedHeader({ alg: "HS256", kid: keys.kid })
          .setIssuer(TEAM)
          .setExpirationTime("10m")
          .sign(new TextEncoder().encode(keys.publicKeyPem)),
      header,
      403,
    ],
    [
      "a valid token in the wrong header is 403",
      "/en/_stats/api/links.json",
      valid,
      (t) => ({ authorization: `Bearer ${t}` }),
      403,
    ],
  ])("%s", async (_name, path, token, carry, status) => {
    const before = engine.logs.length;
    const response = await engine.fetch(path, { headers: carry(await token()) });
    expect(response.status).toBe(status);
    // A refusal logs one line with its reason; an admitted request logs nothing.
    if (status === 403) await engine.waitForLogs(before + 1);
    const logged = engine.logs.slice(before);
    if (status === 403) expect(logged).toEqual([expect.stringMatching(ACCESS_REFUSED)]);
    else expect(logged).toEqual([]);
  });

  it("the stats API answers JSON holding the registry", async () => {
    const response = await engine.fetch("/en/_stats/api/links.json", {
      headers: header(await valid()),
    });
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.text()).toContain("docs.example.com");
  });

  it("an unreachable JWKS refuses even a valid token (403)", async () => {
    const { out } = await buildInstance(CASE_INSTANCE);
    const cut = await startWorkerd(out, {
      vars: { ACCESS_TEAM_DOMAIN: TEAM, ACCESS_AUD: FIXTURE_AUD },
      outbound: () => new Response("unreachable", { status: 503 }),
    });
    try {
      const response = await cut.fetch("/en/_stats/api/links.json", {
        headers: header(await valid()),
      });
      expect(response.status).toBe(403);
      expect(cut.outbound.map((r) => r.url)).toContain(`${TEAM}/cdn-cgi/access/certs`);
      expect(await cut.waitForLogs(1)).toEqual([
        expect.stringMatching(/^shortlinks: access refused on stats: jwks-unavailable: /),
      ]);
    } finally {
      await cut.dispose();
    }
  });

  it("the keys came from the team's JWKS address, and from nowhere else", () => {
    const urls = new Set(engine.outbound.map((r) => r.url));
    expect([...urls]).toEqual([`${TEAM}/cdn-cgi/access/certs`]);
  });
});
