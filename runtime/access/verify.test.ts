import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAccess, type AccessVerdict } from "./index.js";
import {
  FIXTURE_AUD,
  FIXTURE_EMAIL,
  claimsFor,
  makeAccessFixture,
  type AccessFixture,
} from "../../test/support/access-keys.js";

interface JwksServer {
  origin: string;
  fetches: () => number;
  close: () => Promise<void>;
}

/** A JWKS origin on 127.0.0.1 (ephemeral port); `hang` accepts requests and never answers. */
async function serveJwks(handler: ((request: Request) => Response) | "hang"): Promise<JwksServer> {
  let fetches = 0;
  const server: Server = createServer((req, res) => {
    fetches++;
    if (handler === "hang") return;
    const response = handler(
      new Request(`http://127.0.0.1${req.url ?? "/"}`, { method: req.method }),
    );
    void response.text().then((body) => {
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    fetches: () => fetches,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const now = () => Math.floor(Date.now() / 1000);

function withHeader(token: string, name = "Cf-Access-Jwt-Assertion"): Request {
  return new Request("https://go.example.com/en/_stats/", { headers: { [name]: token } });
}

let fixture: AccessFixture;
let server: JwksServer;
let env: { ACCESS_TEAM_DOMAIN: string; ACCESS_AUD: string };

beforeAll(async () => {
  fixture = await makeAccessFixture();
  server = await serveJwks((request) => fixture.handleJwks(request));
  env = { ACCESS_TEAM_DOMAIN: server.origin, ACCESS_AUD: FIXTURE_AUD };
});
afterAll(async () => {
  await server.close();
});

describe("access: a valid Cloudflare Access token is accepted", () => {
  const cases: [string, () => Promise<Request>, () => typeof env][] = [
    [
      "in the Cf-Access-Jwt-Assertion header",
      async () => withHeader(await fixture.sign(claimsFor(env))),
      () => env,
    ],
    [
      "in the CF_Authorization cookie (fallback)",
      async () =>
        new Request("https://go.example.com/en/_tests/", {
          headers: {
            Cookie: `theme=dark; CF_Authorization=${await fixture.sign(claimsFor(env))}; other=1`,
          },
        }),
      () => env,
    ],
    [
      "with a team domain written with a trailing slash",
      async () => withHeader(await fixture.sign(claimsFor(env))),
      () => ({ ...env, ACCESS_TEAM_DOMAIN: env.ACCESS_TEAM_DOMAIN + "/" }),
    ],
    [
      "with aud listing the AUD tag among others",
      async () =>
        withHeader(await fixture.sign({ ...claimsFor(env), aud: ["another-app", FIXTURE_AUD] })),
      () => env,
    ],
    [
      "expired 10 s ago, inside the clock tolerance",
      async () =>
        withHeader(await fixture.sign({ ...claimsFor(env), iat: now() - 600, exp: now() - 10 })),
      () => env,
    ],
    [
      "valid from 10 s ahead, inside the clock tolerance",
      async () => withHeader(await fixture.sign({ ...claimsFor(env), nbf: now() + 10 })),
      () => env,
    ],
  ];
  it.each(cases)("token %s", async (_name, makeRequest, makeEnv) => {
    const verdict = await verifyAccess(await makeRequest(), makeEnv());
    expect(verdict).toEqual({ ok: true, email: FIXTURE_EMAIL, subject: expect.any(String) });
  });
});

describe("access: everything else is refused, with a reason for the log only", () => {
  const cases: [string, string, () => Promise<Request>][] = [
    ["no token at all", "no-token", async () => new Request("https://go.example.com/en/_stats/")],
    [
      "expired (exp 120 s ago)",
      "invalid-token: ERR_JWT_EXPIRED",
      async () =>
        withHeader(await fixture.sign({ ...claimsFor(env), iat: now() - 900, exp: now() - 120 })),
    ],
    [
      "not yet valid (nbf 120 s ahead)",
      "invalid-token: ERR_JWT_CLAIM_VALIDATION_FAILED",
      async () => withHeader(await fixture.sign({ ...claimsFor(env), nbf: now() + 120 })),
    ],
    [
      "without exp",
      "invalid-token: ERR_JWT_CLAIM_VALIDATION_FAILED",
      async () => withHeader(await fixture.sign({ ...claimsFor(env), exp: undefined })),
    ],
    [
      "wrong aud",
      "invalid-token: ERR_JWT_CLAIM_VALIDATION_FAILED",
      async () =>
        withHeader(await fixture.sign({ ...claimsFor(env), aud: ["some-other-application"] })),
    ],
    [
      "wrong iss",
      "invalid-token: ERR_JWT_CLAIM_VALIDATION_FAILED",
      async () =>
        withHeader(
          await fixture.sign({ ...claimsFor(env), iss: "https://evil.cloudflareaccess.com" }),
        ),
    ],
    [
      "unknown kid (signed by a key the JWKS does not list)",
      "invalid-token: ERR_JWKS_NO_MATCHING_KEY",
      async () => {
        const stranger = await generateKeyPair("RS256");
        return withHeader(
          await fixture.sign(claimsFor(env), {
            kid: "unknown-kid",
            privateKey: stranger.privateKey,
          }),
        );
      },
    ],
    [
      "known kid, signed by another key",
      "invalid-token: ERR_JWS_SIGNATURE_VERIFICATION_FAILED",
      async () => {
        const stranger = await generateKeyPair("RS256");
        return withHeader(await fixture.sign(claimsFor(env), { privateKey: stranger.privateKey }));
      },
    ],
    [
      "tampered payload (email changed after signing)",
      "invalid-token: ERR_JWS_SIGNATURE_VERIFICATION_FAILED",
      async () => {
        const [header, payload, signature] = (await fixture.sign(claimsFor(env))).split(".");
        const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
        return withHeader(
          [header, b64url({ ...claims, email: "attacker@example.com" }), signature].join("."),
        );
      },
    ],
    [
      "alg none",
      "invalid-token: ERR_JOSE_ALG_NOT_ALLOWED",
      async () => {
        const claims = { ...claimsFor(env), email: FIXTURE_EMAIL, iat: now(), exp: now() + 600 };
        return withHeader(`${b64url({ alg: "none", typ: "JWT" })}.${b64url(claims)}.`);
      },
    ],
    [
      "HS256 signed with the public key bytes (key confusion)",
      "invalid-token: ERR_JOSE_ALG_NOT_ALLOWED",
      async () => {
        const token = await new SignJWT({ ...claimsFor(env), email: FIXTURE_EMAIL })
          .setProtectedHeader({ alg: "HS256", kid: fixture.kid })
          .setIssuedAt()
          .setExpirationTime("10m")
          .sign(new TextEncoder().encode(fixture.publicKeyPem));
        return withHeader(token);
      },
    ],
    [
      "a valid token in the Authorization header",
      "no-token",
      async () => withHeader(`Bearer ${await fixture.sign(claimsFor(env))}`, "Authorization"),
    ],
    [
      "a valid token in another header",
      "no-token",
      async () => withHeader(await fixture.sign(claimsFor(env)), "Cf-Access-Token"),
    ],
    [
      "a valid token in another cookie",
      "no-token",
      async () =>
        new Request("https://go.example.com/en/_stats/", {
          headers: { Cookie: `CF_AppSession=${await fixture.sign(claimsFor(env))}` },
        }),
    ],
    ["garbage", "invalid-token: ERR_JWS_INVALID", async () => withHeader("not.a.jwt")],
    ["an oversized token", "token-too-large", async () => withHeader("a".repeat(10_000))],
  ];
  it.each(cases)("token refused: %s", async (_name, reasonPrefix, makeRequest) => {
    const request = await makeRequest();
    const verdict = await verifyAccess(request, env);
    expect(verdict.ok).toBe(false);
    const reason = (verdict as Extract<AccessVerdict, { ok: false }>).reason;
    expect(reason.startsWith(reasonPrefix), reason).toBe(true);
    const presented = request.headers.get("Cf-Access-Jwt-Assertion") ?? "";
    for (const part of presented.split(".").filter((p) => p.length > 8))
      expect(reason).not.toContain(part);
  });
});

describe("access: a team domain whose keys cannot be fetched refuses every token", () => {
  const cases: [string, () => Promise<JwksServer>, string][] = [
    ["closed port (unreachable)", async () => closedPort(), "jwks-unavailable"],
    [
      "JWKS answers 500",
      async () => serveJwks(() => new Response("oops", { status: 500 })),
      "jwks-unavailable: ERR_JOSE_GENERIC",
    ],
    [
      "JWKS answers with a redirect",
      async () => serveJwks(() => Response.redirect("https://evil.example/certs", 302)),
      "jwks-unavailable",
    ],
    [
      "JWKS never answers (timeout)",
      async () => serveJwks("hang"),
      "jwks-unavailable: ERR_JWKS_TIMEOUT",
    ],
  ];
  it.each(cases)("jwks refused: %s", async (_name, start, reasonPrefix) => {
    const jwksServer = await start();
    try {
      const brokenEnv = { ACCESS_TEAM_DOMAIN: jwksServer.origin, ACCESS_AUD: FIXTURE_AUD };
      const verdict = await verifyAccess(
        withHeader(await fixture.sign(claimsFor(brokenEnv))),
        brokenEnv,
      );
      expect(verdict.ok).toBe(false);
      const reason = (verdict as Extract<AccessVerdict, { ok: false }>).reason;
      expect(reason.startsWith(reasonPrefix), reason).toBe(true);
    } finally {
      await jwksServer.close();
    }
  });

  async function closedPort(): Promise<JwksServer> {
    const probe = await serveJwks(() => new Response("", { status: 404 }));
    await probe.close();
    return { ...probe, close: async () => undefined };
  }
});

describe("access: unconfigured refuses every token", () => {
  const cases: [string, () => Record<string, string | undefined>][] = [
    ["ACCESS_TEAM_DOMAIN missing", () => ({ ACCESS_AUD: FIXTURE_AUD })],
    ["ACCESS_AUD missing", () => ({ ACCESS_TEAM_DOMAIN: env.ACCESS_TEAM_DOMAIN })],
    ["both missing", () => ({})],
    ["ACCESS_AUD empty", () => ({ ACCESS_TEAM_DOMAIN: env.ACCESS_TEAM_DOMAIN, ACCESS_AUD: "  " })],
  ];
  it.each(cases)("not configured: %s", async (_name, makeEnv) => {
    const token = await fixture.sign(claimsFor(env));
    const verdict = await verifyAccess(withHeader(token), makeEnv());
    expect(verdict.ok).toBe(false);
    expect((verdict as Extract<AccessVerdict, { ok: false }>).reason).toMatch(/^not-configured: /);
  });
});

describe("access: the JWKS is fetched once per isolate per team domain", () => {
  it("jwks cache: three verifications, one fetch", async () => {
    const own = await makeAccessFixture();
    const jwksServer = await serveJwks((request) => own.handleJwks(request));
    try {
      const ownEnv = { ACCESS_TEAM_DOMAIN: jwksServer.origin, ACCESS_AUD: FIXTURE_AUD };
      const verdicts = [];
      for (let i = 0; i < 3; i++)
        verdicts.push(await verifyAccess(withHeader(await own.sign(claimsFor(ownEnv))), ownEnv));
      expect(verdicts.map((v) => v.ok)).toEqual([true, true, true]);
      expect(jwksServer.fetches()).toBe(1);
    } finally {
      await jwksServer.close();
    }
  });
});
